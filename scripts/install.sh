#!/usr/bin/env bash
# Installs the photo browser `waterfall` as a desktop program under a prefix (~/.local by default): the program, its
# decoder worker `waterfall-decoder` beside it (the wall reads videos through it, apart from itself), its
# desktop entry (so that file managers offer it under "Open With"), its icon in the hicolor theme, a man page made from
# its argument parser, and bash, zsh and fish completions. Every file and folder it makes is listed in
# PREFIX/share/waterfall/installed-files, so that --uninstall removes exactly those.
#
#   bash scripts/install.sh                              # into ~/.local
#   sudo bash scripts/install.sh --prefix /usr/local     # for every user (builds as the user who ran sudo)
#   bash scripts/install.sh --uninstall                  # removes what the install put under the same prefix
#   bash scripts/install.sh --prefix /usr --destdir STAGE --bin-path BIN   # a package's tree (scripts/package-deb.sh)
#
# Nothing installed names the prefix (the desktop entry runs `waterfall` from PATH, and the program finds its worker
# beside itself), so a tree staged under --destdir works wherever it is then put.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bash scripts/install.sh [--prefix DIR] [--configuration release|debug] [--bin-path DIR] [--destdir DIR]
                              [--uninstall]

  --prefix DIR            where to install (default: ~/.local; /usr/local needs sudo)
  --configuration NAME    the build to install: release (the default) or debug (quicker to build, for the tests)
  --bin-path DIR          install the programs already built in DIR (what swift build --show-bin-path prints, with
                          waterfall, waterfall-decoder and generate-manual) instead of building them
  --destdir DIR           stage the files under DIR as they go under the prefix (DIR/PREFIX/bin/waterfall...), for a
                          package: no list of installed files, no cache refreshed (the package's tools do both)
  --uninstall             remove what an earlier install put under the prefix, as its list of files names them
  -h, --help              show this help
EOF
}

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

prefix="${HOME:?install.sh: HOME is not set; give --prefix}/.local"
configuration=release
bin_path=""
destdir=""
uninstall=false
while (($#)); do
  case "$1" in
    --prefix | --configuration | --bin-path | --destdir)
      (($# >= 2)) && [ -n "$2" ] || { echo "install.sh: $1 needs a value" >&2; usage >&2; exit 2; }
      case "$1" in
        --prefix) prefix=$2 ;;
        --configuration) configuration=$2 ;;
        --bin-path) bin_path=$2 ;;
        --destdir) destdir=$2 ;;
      esac
      shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --configuration=*) configuration=${1#--configuration=}; shift ;;
    --bin-path=*) bin_path=${1#--bin-path=}; shift ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "install.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    *) echo "install.sh: unexpected argument '$1' (the prefix goes after --prefix)" >&2; usage >&2; exit 2 ;;
  esac
done
case "$configuration" in
  release | debug) ;;
  *) echo "install.sh: --configuration is release or debug, not '$configuration'" >&2; exit 2 ;;
esac
[ -n "$prefix" ] || fail "--prefix is empty"
[[ "$prefix" = /* ]] || prefix="$PWD/$prefix"
prefix="${prefix%/}"
prefix="${prefix:-/}"
if [ -n "$destdir" ]; then
  $uninstall && { echo "install.sh: --destdir stages a tree; there is nothing to --uninstall from one" >&2; exit 2; }
  [[ "$destdir" = /* ]] || destdir="$PWD/$destdir"
  destdir="${destdir%/}"
fi
if [ -n "$bin_path" ]; then
  for program in waterfall waterfall-decoder generate-manual; do
    [ -x "$bin_path/$program" ] || fail "--bin-path $bin_path has no executable $program (swift build --product $program)"
  done
fi

root="$(cd "$(dirname "$0")/.." && pwd)"
manifest_name="share/waterfall/installed-files"
manifest="$prefix/$manifest_name"

# The freedesktop.org caches refreshed after a change: update-desktop-database's MIME index of the desktop entries,
# and GTK's icon cache. An icon cache is only kept current where the folder is a theme (index.theme) or already has
# one: a cache made in ~/.local/share/icons/hicolor would hide the icons other programs install there later.
desktop_cache="share/applications/mimeinfo.cache"
icon_cache="share/icons/hicolor/icon-theme.cache"
refresh_desktop_cache() {
  if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$prefix/share/applications" ]; then
    update-desktop-database -q "$prefix/share/applications" 2>/dev/null || echo "install.sh: warning: update-desktop-database failed on $prefix/share/applications" >&2
  fi
}
icon_cache_wanted() {
  [ -f "$prefix/share/icons/hicolor/index.theme" ] || [ -f "$prefix/$icon_cache" ]
}
refresh_icon_cache() {
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && icon_cache_wanted; then
    gtk-update-icon-cache -q -t -f "$prefix/share/icons/hicolor" 2>/dev/null || echo "install.sh: warning: gtk-update-icon-cache failed on $prefix/share/icons/hicolor" >&2
  fi
}

# A path as the manifest lists it: relative to the prefix, or absolute for the prefix and the folders above it that
# the install made.
listed_path() {
  if [[ "$1" = /* ]]; then echo "$1"; else echo "$prefix/$1"; fi
}

# Removes the files the manifest lists, refreshes the caches that were there before the install, and removes the
# folders the install made once they are empty (a folder that holds anything else stays).
uninstall_listed() {
  local kind path
  local -a folders=()
  while IFS=' ' read -r kind path; do
    case "$kind" in
      file) rm -f -- "$(listed_path "$path")" ;;
      dir) folders+=("$path") ;;
      *) fail "$manifest: unreadable line '$kind $path'" ;;
    esac
  done <"$manifest"
  [ ! -f "$prefix/$desktop_cache" ] || refresh_desktop_cache
  [ ! -f "$prefix/$icon_cache" ] || refresh_icon_cache
  local index
  for ((index = ${#folders[@]} - 1; index >= 0; index--)); do   # the deepest first: they were made parents first
    rmdir -- "$(listed_path "${folders[index]}")" 2>/dev/null || true
  done
}

if $uninstall; then
  [ -f "$manifest" ] || fail "nothing to uninstall under $prefix: $manifest is missing (give the --prefix you installed with)"
  [ -w "$manifest" ] && [ -w "$(dirname "$manifest")" ] || fail "cannot remove files under $prefix: not writable by $(id -un) (sudo?)"
  uninstall_listed
  echo "uninstalled waterfall from $prefix"
  exit 0
fi

# The prefix (under --destdir, the staged one), or the nearest folder above it that exists, must be writable.
target="$destdir$prefix"
existing="$target"
while [ ! -e "$existing" ]; do existing="$(dirname "$existing")"; done
[ -d "$existing" ] || fail "cannot install under $target: $existing is not a folder"
[ -w "$existing" ] || fail "cannot install under $target: $existing is not writable by $(id -un) (for /usr/local: sudo bash scripts/install.sh --prefix /usr/local)"

bash "$root/scripts/install-deps.sh"
source "$root/scripts/env.sh"
[ -n "$bin_path" ] || command -v swift >/dev/null 2>&1 || fail "no Swift toolchain on PATH or at /opt/swift"
command -v rsvg-convert >/dev/null 2>&1 || fail "rsvg-convert is missing: it renders the icon (Debian: librsvg2-bin)"

# Under sudo, the build runs as the user who owns the checkout, so that .build/ stays theirs.
builder=()
if [ "$(id -u)" -eq 0 ] && [ -n "${SUDO_USER:-}" ] && [ "$(stat -c %U "$root")" = "$SUDO_USER" ]; then
  builder=(sudo -u "$SUDO_USER" env "PATH=$PATH")
fi
build() { (cd "$root" && "${builder[@]}" swift build -c "$configuration" "$@"); }

if [ -n "$bin_path" ]; then
  bin="$bin_path"
else
  echo "building waterfall ($configuration)"
  build --product waterfall
  # The decoder worker, which the program looks for beside itself (bin/waterfall-decoder).
  build --product waterfall-decoder
  # swift-argument-parser's manual generator (the tool behind its generate-manual plugin): it reads the program's
  # --experimental-dump-help, so the page says what --help says.
  build --product generate-manual
  bin="$(build --show-bin-path)"
fi

# Everything is made in a staging folder first, so that a failure leaves the prefix untouched.
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
install -D -m 0755 "$bin/waterfall" "$stage/bin/waterfall"
install -D -m 0755 "$bin/waterfall-decoder" "$stage/bin/waterfall-decoder"
install -D -m 0644 "$root/Resources/waterfall.desktop" "$stage/share/applications/waterfall.desktop"
install -D -m 0644 "$root/Resources/waterfall.svg" "$stage/share/icons/hicolor/scalable/apps/waterfall.svg"
for side in 16 22 24 32 48 64 128 256 512; do
  mkdir -p "$stage/share/icons/hicolor/${side}x${side}/apps"
  rsvg-convert --width "$side" --height "$side" "$root/Resources/waterfall.svg" \
    --output "$stage/share/icons/hicolor/${side}x${side}/apps/waterfall.png"
done
mkdir -p "$stage/share/man/man1"
date="$(git -C "$root" log -1 --format=%cs 2>/dev/null || date +%F)"   # the commit's date: the same page each time
"$bin/generate-manual" "$bin/waterfall" --output-directory "$stage/share/man/man1" --date "$date"
[ -s "$stage/share/man/man1/waterfall.1" ] || fail "generate-manual wrote no share/man/man1/waterfall.1"
# generate-manual keeps the blank lines between the paragraphs of the discussion, which groff warns about ("Empty input
# line", as lintian reports it): mdoc's paragraph macro, .Pp, is what they mean.
sed -i 's/^$/.Pp/' "$stage"/share/man/man1/*
mkdir -p "$stage/share/bash-completion/completions" "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
"$bin/waterfall" --generate-completion-script bash >"$stage/share/bash-completion/completions/waterfall"
"$bin/waterfall" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_waterfall"
"$bin/waterfall" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/waterfall.fish"
chmod 0644 "$stage"/share/man/man1/* "$stage"/share/bash-completion/completions/* "$stage"/share/zsh/site-functions/* \
  "$stage"/share/fish/vendor_completions.d/*

# A package's tree: the files alone, under DESTDIR/PREFIX. Its list of files and the desktop's caches are the package
# manager's (dpkg lists the files; the triggers of desktop-file-utils and the icon theme refresh the caches).
if [ -n "$destdir" ]; then
  while IFS= read -r file; do
    rel="${file#"$stage"/}"
    install -D -m "$(stat -c %a -- "$file")" -- "$file" "$target/$rel" || fail "cannot write $target/$rel"
  done < <(find "$stage" -type f | sort)
  echo "staged waterfall for $prefix under $destdir ($(find "$stage" -type f | wc -l) files)"
  exit 0
fi

if [ -f "$manifest" ]; then
  echo "replacing the earlier install under $prefix"
  uninstall_listed
fi

# The manifest is written as the install goes, so that even a failed install can be uninstalled: each folder the
# install makes (parents first), then each file once it is in place. Until the manifest's own folder exists, the
# lines wait in `pending`.
pending=()
note() {
  if ((${#pending[@]})) || [ ! -f "$manifest" ]; then pending+=("$1"); else echo "$1" >>"$manifest"; fi
}
make_folder() {   # make_folder REL: makes PREFIX/REL and each missing folder above it, the prefix's own included
  local folder="$prefix" sofar="" part
  local -a missing=() parts
  while [ ! -d "$folder" ]; do   # the prefix and the folders above it that are missing, noted by absolute path
    missing=("$folder" "${missing[@]}")
    folder="$(dirname "$folder")"
  done
  for folder in "${missing[@]}"; do
    mkdir -m 0755 -- "$folder" || fail "cannot make $folder"
    note "dir $folder"
  done
  IFS=/ read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    sofar="${sofar:+$sofar/}$part"
    [ -d "$prefix/$sofar" ] || { mkdir -m 0755 -- "$prefix/$sofar" || fail "cannot make $prefix/$sofar"; note "dir $sofar"; }
  done
}
make_folder "$(dirname "$manifest_name")"
printf '%s\n' "${pending[@]}" "file $manifest_name" >"$manifest" || fail "cannot write $manifest"
chmod 0644 "$manifest"
pending=()

[ -f "$prefix/$desktop_cache" ] && desktop_cache_existed=true || desktop_cache_existed=false
[ -f "$prefix/$icon_cache" ] && icon_cache_existed=true || icon_cache_existed=false

while IFS= read -r file; do
  rel="${file#"$stage"/}"
  make_folder "$(dirname "$rel")"
  install -m "$(stat -c %a -- "$file")" -- "$file" "$prefix/$rel" || fail "cannot write $prefix/$rel"
  note "file $rel"
done < <(find "$stage" -type f | sort)

# A cache the refresh makes where there was none is the install's, and goes with it.
if ! $desktop_cache_existed && command -v update-desktop-database >/dev/null 2>&1; then note "file $desktop_cache"; fi
refresh_desktop_cache
if ! $icon_cache_existed && icon_cache_wanted && command -v gtk-update-icon-cache >/dev/null 2>&1; then note "file $icon_cache"; fi
refresh_icon_cache

echo "installed waterfall under $prefix ($(grep -c '^file ' "$manifest") files, listed in $manifest)"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH: add it, so that the shell and the desktop entry (Exec=waterfall) find the program" ;;
esac
