// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Waterfall",
    products: [
        .library(name: "Waterfall", targets: ["Waterfall"]),
        .library(name: "WaterfallX11", targets: ["WaterfallX11"]),
        .library(name: "WaterfallPhotos", targets: ["WaterfallPhotos"]),
        .library(name: "WaterfallCards", targets: ["WaterfallCards"]),
        .library(name: "WaterfallIndex", targets: ["WaterfallIndex"]),
        .library(name: "WaterfallLibrary", targets: ["WaterfallLibrary"]),
        .library(name: "WaterfallPhotoWall", targets: ["WaterfallPhotoWall"]),
        .library(name: "WaterfallAccessibility", targets: ["WaterfallAccessibility"]),
        // The seeded generator the demo, the tests and the benchmarks (a package of their own) share.
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
        .executable(name: "waterfall", targets: ["waterfall"]),
        .executable(name: "waterfall-demo", targets: ["waterfall-demo"]),
        // The photo wall's decoder worker: videos' headers and posters read apart from the wall (DecoderProcess).
        .executable(name: "waterfall-decoder", targets: ["waterfall-decoder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalogs of Waterfall and WaterfallX11 (scripts/docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // FilePath: a path as the bytes the system gave, so that a name that is not UTF-8 still opens its file.
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // The program's configuration file, config.toml (toml++ underneath): `waterfall` only.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // The library index: SQLite (Debian's libsqlite3) through GRDB, its migrations, WAL and busy timeout.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // MARK: System libraries
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xext",
            providers: [.apt(["libx11-dev", "libxext-dev"])]
        ),
        // Text: Xft draws it (antialiased, through X Render), fontconfig finds the fonts (and a fallback for each
        // character), FreeType gives a font's metrics without a display.
        .systemLibrary(name: "CXft", pkgConfig: "xft", providers: [.apt(["libxft-dev"])]),
        .systemLibrary(name: "CXrender", pkgConfig: "xrender", providers: [.apt(["libxrender-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFreetype", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Photos: JPEG through libjpeg-turbo's TurboJPEG API, PNG through libspng, WebP through libwebp; WaterfallPhotos only.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        // libwebp and its demux library (an animation's frames; its pkg-config file requires libwebp's).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // TIFF (scanners' pictures) through libtiff, read from memory; WaterfallPhotos only.
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        // GIF through giflib, whose 5.2 ships no pkg-config file: its module map links `gif`; WaterfallPhotos only.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // JPEG XL through libjxl (0.7: no downscaled decode); WaterfallPhotos only. Its module map links `jxl` itself: the
        // pkg-config file's -DHWY_SHARED_DEFINE (for Highway's headers, which decode.h never includes) is a flag
        // SwiftPM prohibits and warns about on every build.
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(name: "CJXLThreads", providers: [.apt(["libjxl-dev"])]),
        // HEIC/HEIF and AVIF through libheif 1.15 (with its HEVC and AV1 decoder plugins); WaterfallPhotos only.
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // Colour management through lcms2: embedded ICC profiles converted to the display's; WaterfallPhotos only.
        .systemLibrary(name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // Videos' poster frames through FFmpeg 5.1: libavformat, libavcodec, libavutil and libswscale in one module (libavformat's
        // headers include libavcodec's: a header seen through two modules breaks release builds); WaterfallPhotos only.
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat libavcodec libavutil libswscale",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]),
        // Camera RAW (DNG, CR2/CR3, NEF, ARW, ORF, RW2, RAF...) through libraw 0.20's thread-safe build (libraw_r): the
        // embedded preview, never a development on the wall; WaterfallPhotos only. Its module map links `raw_r` itself:
        // the pkg-config file's -fopenmp is a flag SwiftPM prohibits and warns about on every build (the shared
        // library brings libgomp and libstdc++ with it).
        .systemLibrary(name: "CRaw", providers: [.apt(["libraw-dev"])]),
        // libraw's inputs (its C++ datastream classes), wrapped so that a read past the end of a cut RAW leaves zeros,
        // not the heap's old bytes, in the preview libraw hands back; opened through a C interface of our own.
        .target(name: "CRawStream", dependencies: ["CRaw"]),
        // The shared thumbnail cache names each thumbnail by the MD5 of its file's URI: libmd's MD5; WaterfallPhotos only.
        .systemLibrary(name: "CMD5", pkgConfig: "libmd", providers: [.apt(["libmd-dev"])]),
        // XInput 2 (libXi): touchpads' pixel-precise scrolling through scroll valuators.
        .systemLibrary(name: "CXi", pkgConfig: "xi", providers: [.apt(["libxi-dev"])]),
        // RandR 1.5 (libXrandr): the monitors, for fullscreen on the window's own and a new window on the pointer's.
        .systemLibrary(name: "CXrandr", pkgConfig: "xrandr", providers: [.apt(["libxrandr-dev"])]),
        // glibc's pipe2 and posix_spawn_file_actions_addclosefrom_np, declared only under _GNU_SOURCE: the key
        // handler's child (ProgramSupport's ChildProcess) and the decoder worker (WaterfallPhotos' DecoderProcess)
        // inherit no descriptor of the program's. Also statfs(2), which the Glibc module lacks: the network folders.
        .systemLibrary(name: "CSpawn"),
        // glibc's malloc.h: a program's heap tuning (PictureMemory), and the tests' M_PERTURB.
        .systemLibrary(name: "CMalloc"),
        // Accessibility: ATK's objects and atk-bridge, which speaks AT-SPI for them over D-Bus through GLib's main
        // context, and libdbus for asking the session bus whether an accessibility bus runs; CAccessibility only. Its
        // pkg-config names leave atk-bridge out (CAccessibility links it): its file's -pthread (from gmodule) is a flag
        // SwiftPM prohibits and warns about on every build, and its one function is declared where it is called.
        .systemLibrary(
            name: "CAtk", pkgConfig: "atk dbus-1",
            providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev", "libdbus-1-dev"])]),
        // The ATK objects (GObject subclasses, in C) whose words come from Swift through a table of functions, the
        // bridge's start and GLib's main context in the window's loop; its header alone is what Swift sees.
        .target(name: "CAccessibility", dependencies: ["CAtk"], linkerSettings: [.linkedLibrary("atk-bridge-2.0")]),

        // MARK: The core: layout, scrolling, recycling, selection. Imports no X11.
        .target(name: "Waterfall"),

        // MARK: The X11 backend: display, window, event loop, Xlib canvas.
        .target(
            name: "WaterfallX11",
            dependencies: [
                "Waterfall", "CX11", "CXft", "CXrender", "CFontconfig", "CFreetype", "CXi", "CXrandr",
            ]),

        // MARK: Photos: finding them, their headers and EXIF, decoding and caching their thumbnails. No X11.
        .target(
            name: "WaterfallPhotos",
            dependencies: [
                "CTurboJPEG", "CSpng", "CWebP", "CTIFF", "CGif", "CJXL", "CJXLThreads", "CHeif", "CLcms2", "CFFmpeg",
                "CRaw", "CRawStream", "CMD5", "CSpawn", "CMalloc",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // MARK: The library index: what the walk learnt of each folder and photo, kept in SQLite so that a launch
        // shows the library before it opens a photo. A cache: the files and their sidecars stay the truth. No X11.
        .target(
            name: "WaterfallIndex",
            dependencies: [
                "WaterfallPhotos", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // MARK: The library model: the roots, their walk and live folders, the photos' cards in sections and their
        // arrangement; changes out as typed batches. No X11, no view: the wall shows it, and tests run it in-process.
        .target(
            name: "WaterfallLibrary",
            dependencies: [
                "Waterfall", "WaterfallPhotos", "WaterfallCards", "WaterfallIndex",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // MARK: Cards: a card with a picture and a two-line caption, section bars, their sizes; the JSON-lines event log
        // and the words both walls count in. No X11.
        .target(name: "WaterfallCards", dependencies: ["Waterfall"]),

        // MARK: The photo wall: a view and controller over a PhotoLibrary: the picture caches, thumbnail scheduling,
        // the lightbox, culling, grid zoom, the clipboard's files. Programs show it in a WaterfallWindow.
        .target(
            name: "WaterfallPhotoWall",
            dependencies: [
                "Waterfall", "WaterfallX11", "WaterfallPhotos", "WaterfallCards", "WaterfallIndex", "WaterfallLibrary",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // MARK: Accessibility: a window's cards for screen readers, as ATK objects atk-bridge speaks AT-SPI for.
        .target(name: "WaterfallAccessibility", dependencies: ["Waterfall", "WaterfallX11", "CAccessibility"]),

        // MARK: SplitMix64, for made-up data that is the same on every run
        .target(name: "SeededRandom"),

        // MARK: What the two programs share: their window's flags, how they run it and report its failures, the clipboard's
        // events in the log, a child process run beside the window.
        .target(
            name: "ProgramSupport",
            dependencies: [
                "Waterfall", "WaterfallX11", "WaterfallCards", "CSpawn",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: The photo browser's event log: the words `--log-events` writes for the wall's and the window's typed
        // events (docs/event-log.md). The program's, not the library's; the in-process wall tests read it too.
        .target(
            name: "WallEventLogging",
            dependencies: [
                "Waterfall", "WaterfallX11", "WaterfallPhotos", "WaterfallCards", "WaterfallLibrary",
                "WaterfallPhotoWall",
            ]),

        // MARK: The photo browser: `waterfall [options] [PATH...]`
        .executableTarget(
            name: "waterfall",
            dependencies: [
                "Waterfall", "WaterfallX11", "WaterfallPhotos", "WaterfallCards", "WaterfallIndex", "WaterfallLibrary",
                "WaterfallPhotoWall", "WallEventLogging", "ProgramSupport", "WaterfallAccessibility",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),

        // MARK: The decoder worker: `waterfall-decoder`, which the wall starts to read videos apart from it
        .executableTarget(name: "waterfall-decoder", dependencies: ["WaterfallPhotos"]),

        // MARK: The catalog demo
        // Its catalog, options and card layout, without X11: the program and the fuzz target share them.
        .target(
            name: "WaterfallDemoKit",
            dependencies: [
                "Waterfall", "WaterfallCards", "SeededRandom",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "waterfall-demo",
            dependencies: [
                "Waterfall",
                "WaterfallX11",
                "WaterfallAccessibility",
                "WaterfallCards",
                "WaterfallDemoKit",
                "ProgramSupport",
                "SeededRandom",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: The example: the smallest complete program on the public API (Examples/Swatches/main.swift).
        .executableTarget(name: "swatches", dependencies: ["Waterfall", "WaterfallX11"], path: "Examples/Swatches"),
        // A photo browser in a few lines on the photo wall library (Examples/PhotoWall/main.swift).
        .executableTarget(
            name: "photo-wall", dependencies: ["Waterfall", "WaterfallPhotoWall", "WaterfallPhotos", "WaterfallX11"],
            path: "Examples/PhotoWall"),

        // MARK: Fuzzing
        // libFuzzer's target for the catalog parser, the option checks and the layout (scripts/sanitizer-build.sh
        // builds it with ASan, libFuzzer's coverage and its driver); a plain build replays the inputs it is given.
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "waterfall-fuzz",
            dependencies: ["Waterfall", "WaterfallCards", "WaterfallDemoKit", "WaterfallPhotos", "CFuzzerDriver"]),

        // MARK: Tests
        // XFixes' view of the cursor on screen, in C with a connection of its own, so that its headers stay out of Swift.
        .target(
            name: "CursorProbe", path: "Tests/CursorProbe",
            linkerSettings: [.linkedLibrary("Xfixes"), .linkedLibrary("X11")]),
        // Test support: a private Xvfb, the demo as a child process, xdotool, screenshots. It talks to the server
        // itself (CX11) to act as a window manager or a launcher would, and to read back what a window set.
        .target(name: "XvfbSupport", dependencies: ["CX11", "CursorProbe"], path: "Tests/XvfbSupport"),
        // A program that embeds a window as a host does: X error handlers and a connection of its own, and its own
        // status when the server goes away (EmbeddingHostTests run it under Xvfb).
        .executableTarget(
            name: "embedding-host", dependencies: ["Waterfall", "WaterfallX11", "CX11"], path: "Tests/EmbeddingHost"),
        .testTarget(name: "WaterfallTests", dependencies: ["Waterfall", "SeededRandom"]),
        .testTarget(name: "WaterfallAccessibilityTests", dependencies: ["WaterfallAccessibility", "Waterfall"]),
        .testTarget(
            name: "WaterfallX11Tests",
            dependencies: ["WaterfallX11", "Waterfall", "XvfbSupport", "CX11", "CXi", "embedding-host"]),
        .testTarget(
            name: "WaterfallDemoTests",
            dependencies: [
                "waterfall-demo", "waterfall", "waterfall-decoder", "WaterfallDemoKit", "WaterfallCards",
                "WaterfallLibrary", "WaterfallPhotoWall",
                "WaterfallPhotos", "Waterfall", "SeededRandom", "XvfbSupport",
                "PhotoTestSupport", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(name: "ExampleTests", dependencies: ["swatches", "photo-wall", "XvfbSupport", "PhotoTestSupport"]),
        // Test support: photos the tests make with ImageMagick, and headers built byte by byte.
        .target(
            name: "PhotoTestSupport", dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            path: "Tests/PhotoTestSupport"),
        .testTarget(
            name: "WaterfallPhotoWallTests",
            dependencies: [
                "Waterfall", "WaterfallX11", "WaterfallCards", "WaterfallLibrary", "WaterfallPhotoWall",
                "WaterfallPhotos", "WallEventLogging", "PhotoTestSupport", "SeededRandom",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(
            name: "WaterfallIndexTests",
            dependencies: [
                "WaterfallIndex", "WaterfallPhotos", "PhotoTestSupport", "SeededRandom",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The decoder worker is built for the tests that run it (DecoderProcessTests), beside the test bundle.
        .testTarget(
            name: "WaterfallPhotosTests",
            dependencies: [
                "WaterfallPhotos", "PhotoTestSupport", "waterfall-decoder", "CMalloc", "SeededRandom",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
    ]
)
