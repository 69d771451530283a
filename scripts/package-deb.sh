#!/usr/bin/env bash
# Builds the Debian package of the photo browser: dist/waterfall_VERSION_ARCH.deb, VERSION the program's own
# (WaterfallCommand.version, what --version prints) and ARCH dpkg's.
#
# - A release build with the Swift runtime and Foundation linked in (--static-swift-stdlib), in a scratch path of its
#   own (.build-release-static) so that the debug build is left alone: the package runs where Swift is not installed.
#   No $ORIGIN run path either (--disable-local-rpath): the programs load nothing of their own.
# - scripts/install.sh stages the files for /usr (--destdir, --bin-path): the program, the decoder worker, the desktop
#   entry, the icons, the man page and the completions. Then Debian's places: the program and its worker in
#   /usr/libexec/waterfall, with /usr/bin/waterfall a link to the program (the program finds the worker beside the
#   file /proc/self/exe names, which is the link's target, and the worker, which only the program runs, stays off
#   PATH); zsh's completion in vendor-completions; the man page gzipped; the binaries stripped as dh_strip strips them.
# - /usr/share/doc/waterfall: copyright (machine-readable, packaging/debian/copyright) and changelog.gz (a native
#   package's: one entry, for this commit).
# - DEBIAN/control from dpkg-gencontrol, its Depends from dpkg-shlibdeps on the two binaries and Installed-Size from
#   the tree; DEBIAN/md5sums; dpkg-deb --root-owner-group builds it (no fakeroot needed). No maintainer scripts: the
#   triggers of desktop-file-utils, hicolor-icon-theme and man-db refresh their caches.
#
# The package's date is the commit's (SOURCE_DATE_EPOCH), so the same commit builds the same files. DEBFULLNAME and
# DEBEMAIL name the maintainer (default: the commit's author).
#
#   bash scripts/package-deb.sh                     # then: sudo apt install ./dist/waterfall_*.deb
#   bash scripts/package-deb.sh --build-only        # only the release build (scripts/test.sh starts it early)
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bash scripts/package-deb.sh [--build-only]

Builds a release of waterfall with the Swift runtime linked in, and writes dist/waterfall_VERSION_ARCH.deb.
Install it with: sudo apt install ./dist/waterfall_VERSION_ARCH.deb

  --build-only   only build the release (in .build-release-static), without packaging it
EOF
}

fail() {
  echo "package-deb.sh: $*" >&2
  exit 1
}

(($# <= 1)) || { echo "package-deb.sh: one option at most, not: $*" >&2; usage >&2; exit 2; }
build_only=false
case "${1:-}" in
  "") ;;
  --build-only) build_only=true ;;
  -h | --help) usage; exit 0 ;;
  *) echo "package-deb.sh: unexpected argument '$1'" >&2; usage >&2; exit 2 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
umask 022

bash scripts/install-deps.sh
source scripts/env.sh
command -v swift >/dev/null 2>&1 || fail "no Swift toolchain on PATH or at /opt/swift"
for tool in dpkg-deb:dpkg dpkg-shlibdeps:dpkg-dev dpkg-gencontrol:dpkg-dev strip:binutils readelf:binutils gzip:gzip \
  md5sum:coreutils git:git; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || fail "${tool%%:*} is missing (Debian: ${tool#*:})"
done

# The version: the one the program prints (static let version = "…" in its command), not a second copy.
command_source=Sources/waterfall/WaterfallCommand.swift
mapfile -t versions < <(sed -n 's/^ *static let version = "\([^"]*\)"$/\1/p' "$command_source")
((${#versions[@]} == 1)) || fail "expected one 'static let version = \"…\"' in $command_source, found ${#versions[@]}"
version=${versions[0]}
[[ "$version" =~ ^[0-9][A-Za-z0-9.+~]*$ ]] || fail "the version '$version' in $command_source is not a Debian version"
arch="$(dpkg --print-architecture)"
package="dist/waterfall_${version}_${arch}.deb"

commit="$(git log -1 --format=%h 2>/dev/null)" || fail "$root is not a git checkout: the package's date is its commit's"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
maintainer="${DEBFULLNAME:-$(git log -1 --format=%an)} <${DEBEMAIL:-$(git log -1 --format=%ae)}>"

# -z now: the programs' relocations all resolved at start, so that their GOT can be read-only too (as Debian's
# hardening flags link).
flags=(-c release --static-swift-stdlib --disable-local-rpath --scratch-path .build-release-static
  -Xlinker -z -Xlinker now)
echo "package-deb.sh: building waterfall $version (release, the Swift runtime linked in, in .build-release-static)"
for product in waterfall waterfall-decoder generate-manual; do
  swift build "${flags[@]}" --product "$product"
done
bin="$(swift build "${flags[@]}" --show-bin-path)"
if $build_only; then
  echo "package-deb.sh: built in $bin"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A source package's layout, as dpkg-shlibdeps and dpkg-gencontrol expect it: debian/control, debian/changelog, and
# the package's tree (its /) in debian/waterfall.
source="$work/source"
tree="$source/debian/waterfall"
bash scripts/install.sh --prefix /usr --destdir "$tree" --bin-path "$bin"
usr="$tree/usr"

mkdir -p "$usr/libexec/waterfall"
mv "$usr/bin/waterfall" "$usr/bin/waterfall-decoder" "$usr/libexec/waterfall/"
ln -s ../libexec/waterfall/waterfall "$usr/bin/waterfall"
mv "$usr/share/zsh/site-functions" "$usr/share/zsh/vendor-completions"   # Debian's zsh: site-functions is /usr/local's
# bash-completion sources a completion, never runs it: its generated #!/bin/bash line goes (lintian:
# bash-completion-with-hashbang).
sed -i '1{/^#!/d}' "$usr/share/bash-completion/completions/waterfall"
gzip -9n "$usr"/share/man/man1/*.1
binaries=("$usr/libexec/waterfall/waterfall" "$usr/libexec/waterfall/waterfall-decoder")
strip --remove-section=.comment --remove-section=.note "${binaries[@]}"

# Nothing of the toolchain: no Swift library needed, no run path, no file naming its folder (/opt/swift/usr/bin/swift:
# /opt/swift).
toolchain="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")"
for binary in "${binaries[@]}"; do
  dynamic="$(readelf -dW "$binary")"
  swift_needed="$(grep -E 'NEEDED.*\[lib(swift|Foundation|dispatch|BlocksRuntime|_Foundation)' <<<"$dynamic" || true)"
  [ -z "$swift_needed" ] || fail "${binary#"$tree"} needs the Swift runtime's libraries:"$'\n'"$swift_needed"
  ! grep -E '\((RPATH|RUNPATH)\)' <<<"$dynamic" || fail "${binary#"$tree"} has a run path"
done
if naming="$(grep -rl --fixed-strings -e /opt/swift -e "$toolchain/" "$tree")"; then
  fail "files name the Swift toolchain ($toolchain):"$'\n'"$naming"
fi

doc="$usr/share/doc/waterfall"
install -D -m 0644 packaging/debian/copyright "$doc/copyright"
cat >"$source/debian/changelog" <<EOF
waterfall ($version) unstable; urgency=medium

  * Built from commit $commit of Waterfall with scripts/package-deb.sh.

 -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")
EOF
gzip -9n <"$source/debian/changelog" >"$doc/changelog.gz"
cat >"$source/debian/control" <<EOF
Source: waterfall
Section: graphics
Priority: optional
Maintainer: $maintainer
Standards-Version: 4.6.2
Rules-Requires-Root: no

Package: waterfall
Architecture: any
Depends: \${shlibs:Depends}
Description: photo browser showing folders as a wall of cards, for X11
 Waterfall shows the photos of folders and files as a wall of cards, each at its
 upright aspect, with a lightbox that zooms and pans, a slideshow, a search as
 you type and groups of near-duplicates. It reads JPEG, PNG, WebP, TIFF, GIF,
 JPEG XL, HEIC/HEIF, AVIF, camera RAW (the embedded preview) and videos (a
 poster frame), the last two in a worker process of their own.
 .
 Culling keys move photos to the desktop's Trash, turn them without re-encoding,
 and rate and tag them in XMP sidecars as darktable and digiKam write them; each
 action can be undone. File managers offer it under "Open With".
EOF
mkdir -p "$tree/DEBIAN"
(
  cd "$source"
  dpkg-shlibdeps -Tdebian/substvars "${binaries[@]}"
  dpkg-gencontrol -pwaterfall -Pdebian/waterfall -Tdebian/substvars -fdebian/files
)
grep -q '^Depends: .' "$tree/DEBIAN/control" || fail "dpkg-shlibdeps found no Depends for the binaries"

find "$tree" -type d -exec chmod 0755 {} +
find "$tree" -type f -exec chmod 0644 {} +
chmod 0755 "${binaries[@]}"
(cd "$tree" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum >DEBIAN/md5sums)
chmod 0644 "$tree/DEBIAN/md5sums"

mkdir -p dist
dpkg-deb --root-owner-group --build "$tree" "$work/waterfall.deb" >/dev/null
mv -f "$work/waterfall.deb" "$package"
echo "package-deb.sh: wrote $package ($(du -h "$package" | cut -f1))"
sed -n 's/^\(Installed-Size\|Depends\): /  \1: /p' "$tree/DEBIAN/control"
