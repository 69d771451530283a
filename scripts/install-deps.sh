#!/usr/bin/env bash
# Installs the Debian packages Waterfall needs to build, run, test and benchmark, skipping those present.
# Swift itself is expected on PATH or at /opt/swift (https://www.swift.org/install/linux/); the packages its
# toolchain needs on Debian 12 are installed here too.
set -euo pipefail

packages=(
  git ca-certificates                 # SwiftPM fetches swift-argument-parser (and the benchmark packages)
  binutils libc6-dev libgcc-12-dev libstdc++-12-dev libcurl4-openssl-dev libxml2-dev zlib1g-dev
  libedit2 libsqlite3-0 libpython3-dev libz3-dev tzdata gnupg2   # what the Swift toolchain needs on Debian 12
  pkg-config libx11-dev libxext-dev   # build: the CX11 module (Xlib, Xdbe)
  libxft-dev libxrender-dev libfontconfig-dev libfreetype-dev  # build: CXft, CXrender, CFontconfig, CFreetype (text in any script)
  fonts-dejavu-core                   # the default sans-serif face
  fonts-wqy-microhei                  # Chinese, Japanese and Korean in one font (1.6 MB, the smallest that covers all three)
  fonts-noto-color-emoji              # colour emoji (libXft 2.3.6 draws colour glyphs)
  x11-xserver-utils                   # xrdb: the tests set Xft.dpi as a desktop does
  libxi-dev                           # build: the CXi module (XInput 2: touchpads' smooth scrolling)
  libatk1.0-dev libatk-bridge2.0-dev  # build: CAtk (ATK's objects, atk-bridge: the wall for screen readers over AT-SPI)
  libdbus-1-dev                       # build: CAtk (libdbus: asks the session bus whether an accessibility bus runs)
  dbus-daemon dbus-bin                # the accessibility tests: a private session bus (dbus-daemon), dbus-send
  at-spi2-core                        # the accessibility tests: at-spi-bus-launcher, the accessibility bus's registry
  python3-pyatspi                     # the accessibility tests: scripts/atspi-read.py reads the wall as Orca does
  gcc                                 # cc for the benchmarks' frame floor (Benchmarks/FrameFloor, C)
  xvfb                                # a private X server when there is no display, and for the tests
  xserver-xorg-core xserver-xorg-video-dummy   # the XInput 2 tests: Xorg with its inputtest driver's devices,
                                      # which have scroll valuators (Xvfb's have none), on the dummy video driver
  twm                                 # a real window manager for the tests that iconify, unmap and resize
  openbox                             # an EWMH window manager: the fullscreen tests (_NET_WM_STATE_FULLSCREEN)
  libxrandr-dev                       # build: the CXrandr module (RandR 1.5's monitors: fullscreen on the window's own);
                                      # its xrandr (x11-xserver-utils) splits the tests' Xvfb screen into two monitors
  python3-gi gir1.2-gtk-3.0           # the drag and drop tests' other side: a GTK 3 window (scripts/gtk-dnd-peer.py)
  xdotool                             # real pointer and key input in the tests and the tour
  x11-xkb-utils                       # setxkbmap: the keyboard layout tests (a Russian layout under Xvfb)
  libxfixes-dev adwaita-icon-theme    # the cursor tests: XFixes' view of the cursor on screen, a theme naming it
  xclip                               # reads (and takes) the CLIPBOARD in the clipboard tests
  x11-utils x11-apps                  # xprop and xdpyinfo (window properties, a display check), xwd (screenshots)
  imagemagick                         # import: PNG screenshots of the window; convert: the photo tests' images
  libimage-exiftool-perl               # exiftool: the photo info tests write EXIF (camera, exposure, GPS) into their JPEGs
  libturbojpeg0-dev libspng-dev libwebp-dev   # build: CTurboJPEG, CSpng, CWebP (decoding photos, WaterfallPhotos)
  libtiff-dev                                 # build: CTIFF (decoding TIFF, WaterfallPhotos)
  libgif-dev                                  # build: CGif (giflib: a GIF's first frame, WaterfallPhotos)
  libjxl-dev                                  # build: CJXL and CJXLThreads (libjxl: JPEG XL, WaterfallPhotos)
  libjxl-tools                                # cjxl: the JPEG XL tests' files, encoded from ImageMagick's PNGs
  libheif-dev                                 # build: CHeif (libheif: HEIC/HEIF and AVIF, WaterfallPhotos; with
                                              # libde265 for HEVC and dav1d/aom for AV1)
  libheif-examples libavif-bin                # heif-enc and avifenc: the HEIC and AVIF tests' images
  libavformat-dev libavcodec-dev libavutil-dev libswscale-dev  # build: CFFmpeg (FFmpeg 5.1: videos' poster frames,
                                              # WaterfallPhotos)
  ffmpeg                                      # the video tests' files (lavfi colours encoded to mp4, mov, mkv, webm)
  libraw-dev                                  # build: CRaw (libraw 0.20, libraw_r: camera RAW previews, WaterfallPhotos)
  libraw-bin                                  # raw-identify: the RAW tests check that libraw reads their built DNG
  libmd-dev                                   # build: CMD5 (the shared thumbnail cache's names, WaterfallPhotos)
  bindfs fuse3                                # the network folder tests: a FUSE mount inotify does not see through
  libsqlite3-dev                              # build: GRDB's GRDBSQLite (the library index, WaterfallIndex); the
                                              # index tests' python3 sqlite3 module is in python3 itself
  trash-cli                                   # the Trash tests: trash-list and trash-restore read what we trash,
                                              # and trash-put trashes what our restore puts back
  python3                             # scripts/benchmarks-report.py
  python3-pil python3-olefile         # the thumbnail cache tests: Pillow (/usr/bin/python3) reads and writes thumbnails as GNOME
                                      # does; python3-olefile comes with it, named so checks see it
  desktop-file-utils                  # scripts/install.sh: update-desktop-database; the install test: desktop-file-validate
  librsvg2-bin                        # scripts/install.sh: rsvg-convert renders the theme's PNG icons from Resources/waterfall.svg
  xdg-utils                           # the install test: xdg-mime sets and finds the default program for image/jpeg
  man-db                              # the install test: man -l renders the generated man page
  nsxiv                               # the benchmarks' first-screen peer: nsxiv -t on the same folder
  libxdamage1                         # the benchmarks' first-screen watcher: DAMAGE events (ctypes, first-screen.py)
  liblcms2-dev                        # build: CLcms2 (lcms2: photos' ICC profiles converted to the display's, WaterfallPhotos)
  libgs-common                        # the colour tests' ICC profiles (Adobe RGB and sRGB, /usr/share/color/icc/ghostscript)
  libimlib2-dev                       # the benchmarks' thumbnail baseline: Imlib2, as nsxiv decodes (Benchmarks/ only)
  dpkg-dev                            # scripts/package-deb.sh: dpkg-shlibdeps (Depends) and dpkg-gencontrol (the control file)
  lintian file                        # the package test: Debian's checks of the .deb; file tells a stripped binary
  perl-openssl-defaults               # lintian's libnet-ssleay-perl needs it (as perl-openssl-abi-3, a virtual package)
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1 && [ ! -x /opt/swift/usr/bin/swift ]; then
  echo "error: no Swift toolchain: install Swift 6 (https://www.swift.org/install/linux/) to /opt/swift or put it on PATH" >&2
  exit 1
fi
