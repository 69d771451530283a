// swift-tools-version:6.1
// The benchmark suite, a package of its own so that `swift build` and `swift test` at the root stay light.
// Run it with `bash scripts/benchmarks.sh` at the repository root (see BENCHMARKS.md).
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package's identity is the repository folder's
// name (a clone may be named anything).
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "main"

let package = Package(
    name: "WaterfallBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        // package-benchmark; its malloc counters come from the MallocInterposer trait (Swift 6.3+).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.0.0", traits: ["MallocInterposer"]),
        // photo-wall-bench's options (the root package has it too, so it resolves to the same checkout).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: Baselines: the published algorithms we compare against, written here from their descriptions.
        .target(
            name: "Baselines",
            dependencies: [.product(name: "Waterfall", package: root), .product(name: "SeededRandom", package: root)],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]  // `rounded()` calls libm's round
        ),

        // MARK: Thumbnails per second, ours against nsxiv's Imlib2 (a full decode and a scale), outside the suite.
        .systemLibrary(name: "CImlib2", pkgConfig: "imlib2", providers: [.apt(["libimlib2-dev"])]),
        // libspng alone: the PNG floor (its decode, rows dropped), beside our PNG thumbnails.
        .systemLibrary(name: "CSpngFloor", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .executableTarget(
            name: "thumbnail-throughput",
            dependencies: [
                "CImlib2", "CSpngFloor", "CAffinity", .product(name: "WaterfallPhotos", package: root),
            ],
            path: "Sources/ThumbnailThroughput"
        ),

        // MARK: The photo wall in a real window (scripts/benchmarks.sh runs it under Xvfb): wheel frame times while the
        // thumbnails decode and with them cached, and the lightbox's keys.
        .executableTarget(
            name: "photo-wall-bench",
            dependencies: [
                .product(name: "Waterfall", package: root),
                .product(name: "WaterfallX11", package: root),
                .product(name: "WaterfallPhotos", package: root),
                .product(name: "WaterfallCards", package: root),
                .product(name: "WaterfallPhotoWall", package: root),
                // --near-duplicates: NearDuplicateGroups over seeded made-up hashes.
                .product(name: "WaterfallLibrary", package: root),
                .product(name: "SeededRandom", package: root),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/PhotoWallBench"
        ),

        // glibc's malloc.h (mallinfo2, malloc_usable_size) for layout-memory.
        .target(name: "CMallocInfo"),
        // sched_setaffinity for thumbnail-throughput's pool on 1, 2 and every core.
        .target(name: "CAffinity"),

        // MARK: Layout memory per item, measured outside package-benchmark (no malloc interposer).
        .executableTarget(
            name: "layout-memory",
            dependencies: ["Baselines", "CMallocInfo", .product(name: "Waterfall", package: root)],
            path: "Sources/LayoutMemory"
        ),

        // MARK: The package-benchmark suite (Benchmarks/<Name>/<Name>.swift, discovered by the plugin)
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                "Baselines",
                .product(name: "Waterfall", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LayoutBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
