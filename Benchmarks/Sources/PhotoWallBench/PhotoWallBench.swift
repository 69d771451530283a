import ArgumentParser
import Foundation
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos
@_spi(Benchmarking) import WaterfallX11

/// The photo wall in a real window, as the `waterfall` program shows it: the wheel while the thumbnails decode and
/// with them cached, or the lightbox's keys. What `waterfall-demo bench --photos` measured before the wall became a
/// library, with the same JSON fields.
@main
struct PhotoWallBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo-wall-bench",
        abstract:
            "Measure the photo wall in a real window: wheel frame times while thumbnails decode and cached, or the lightbox's keys.",
        discussion: """
            Opens a PhotoWall of the paths in a window as the waterfall program makes it (its layout, columns, font and \
            status bar), and waits for the walk to end. Then sends --notches wheel notches one at a time through the X \
            server (the path a mouse takes) and times each from the event to the presented frame (an XSync after each \
            frame, for measuring only), while the thumbnails decode; then decodes every picture on the path scrolled and \
            scrolls it again from the top, every picture cached. Prints p50, p99 and max frame times of both passes, the X \
            requests per frame, the pictures uploaded in each pass, the peak resident memory and the time from the \
            process's start to the first frame. With --lightbox N, times the lightbox's keys instead: N steps to a photo \
            decoded ahead, N to one not, then N zoom steps (in to 800 % and out), each from the key to its first frame \
            (zoomMs, which draws the picture there is scaled: zoomFrames is 1 for the key's own frame) and to the frame \
            of its picture decoded at the width shown (zoomPictureMs). With --arrange N, times N full layouts of the wall against N keystrokes \
            of the / filter and N regroupings by month (the timeline). With --near-duplicates N, and no window nor path, \
            times grouping N made-up perceptual hashes (5 % of them planted near-duplicates) into near-duplicates. \
            Build in release: \
            swift build -c release --product photo-wall-bench, in Benchmarks/.
            """
    )

    @Argument(help: ArgumentHelp("Folders and image files to show.", valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("How many wheel notches to send in each pass.", valueName: "n"))
    var notches = 1000

    @Option(help: ArgumentHelp("The window width.", valueName: "w"))
    var width: Double = 1920

    @Option(help: ArgumentHelp("The window height (the status bar included).", valueName: "h"))
    var height: Double = 1080

    @Option(
        help: ArgumentHelp(
            "Milliseconds between notches, as a hand turns the wheel; 0 sends each as soon as the last one's frame is drawn.",
            valueName: "ms"))
    var notchInterval: Double = 0

    @Option(
        name: .customLong("cache-mb"), help: ArgumentHelp("The memory the pictures may take, in MB.", valueName: "n"))
    var cacheMB = 256

    @Flag(help: "Walk into subfolders too, as `waterfall --recursive` (a library in YEAR/MONTH folders).")
    var recursive = false

    @Flag(
        name: .customLong("no-thumbnail-cache"),
        help: "Neither read nor write the desktop's shared thumbnail cache (~/.cache/thumbnails).")
    var noThumbnailCache = false

    @Option(
        help: ArgumentHelp(
            "Instead of scrolling, time the lightbox from a key to the next photo's picture, n times with it decoded ahead and n times without, then n zoom steps (prints JSON).",
            valueName: "n"))
    var lightbox = 0

    @Option(
        help: ArgumentHelp(
            "Instead, scroll 10 n notches and then zoom the grid n times by Ctrl+wheel (in and out by turns), and print both passes' frame times and the ratio of their p99s (JSON).",
            valueName: "n"))
    var zoom = 0

    @Option(
        help: ArgumentHelp(
            "Instead, time n full layouts of the wall, n keystrokes of the / filter, n regroupings by month and back and n steps of the least rating, and print their frame times and the ratios of their p99s (JSON).",
            valueName: "n"))
    var arrange = 0

    @Option(
        help: ArgumentHelp(
            "Instead, with no window, time grouping n made-up perceptual hashes, 5 % of them planted near-duplicates, and all pairs compared on 20,000 of them (JSON).",
            valueName: "n"))
    var nearDuplicates = 0

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    mutating func validate() throws {
        guard (0...10_000_000).contains(nearDuplicates) else {
            throw ValidationError("--near-duplicates is \(nearDuplicates); it must be from 1 to 10000000")
        }
        guard nearDuplicates == 0 else { return }
        guard !paths.isEmpty else { throw ValidationError("give at least one folder or image file") }
        guard notches > 0 else { throw ValidationError("--notches is \(notches); it must be 1 or more") }
        guard notchInterval >= 0, notchInterval <= 1000 else {
            throw ValidationError("--notch-interval is \(notchInterval); it must be from 0 to 1000 ms")
        }
        guard (0...10_000).contains(zoom) else {
            throw ValidationError("--zoom is \(zoom); it must be from 1 to 10000")
        }
        guard (0...10_000).contains(arrange) else {
            throw ValidationError("--arrange is \(arrange); it must be from 1 to 10000")
        }
        guard (0...1000).contains(lightbox) else {
            throw ValidationError("--lightbox is \(lightbox); it must be from 1 to 1000")
        }
        guard (1...65_536).contains(cacheMB) else {
            throw ValidationError("--cache-mb is \(cacheMB); it must be from 1 to 65536")
        }
        try BenchWindow.validate(size: Size(width: width, height: height))
    }

    func run() throws {
        if nearDuplicates > 0 {
            print(try NearDuplicateTimes.measure(count: nearDuplicates).json)
            return
        }
        PictureMemory.returnFreedPicturesToTheSystem()  // as `waterfall` does
        // WATERFALL_LAUNCHED_AT_NS: the wall clock just before scripts/benchmarks.sh started the program.
        let timeline = WallStartupTimeline(
            launchedAtNanoseconds: ProcessInfo.processInfo.environment["WATERFALL_LAUNCHED_AT_NS"].flatMap(Double.init))
        timeline.mark(.running)
        let bench = try BenchWindow(
            configuration: try wallConfiguration(), size: Size(width: width, height: height), timeline: timeline)
        defer { bench.wall.stop() }
        try bench.measuring {
            try bench.window.runUntilFirstFrame()
            timeline.mark(.firstFrame)
            // The walk first (the wall complete, as a user waits for it), then the measurements.
            try bench.window.run { bench.wall.isWalkDone }
            guard bench.wall.items.count > 0 else {
                throw BenchError("no photos to measure in " + paths.joined(separator: ", "))
            }
            if zoom > 0 {
                print(try ZoomTimes.measure(wall: bench.wall, window: bench.window, steps: zoom).json)
                return
            }
            if arrange > 0 {
                print(try ArrangeTimes.measure(wall: bench.wall, window: bench.window, steps: arrange).json)
                return
            }
            if lightbox > 0 {
                print(try LightboxTimes.measure(wall: bench.wall, window: bench.window, steps: lightbox).json)
                return
            }
            let interval = notchInterval > 0 ? Duration.microseconds(Int64((notchInterval * 1000).rounded())) : nil
            let passes = try WheelPasses.measure(
                wall: bench.wall, window: bench.window, notches: notches, interval: interval)
            let result = WheelResult(
                passes: passes, cacheMB: cacheMB, startup: timeline.durations, items: bench.wall.items.count)
            print(json ? result.json : result.table)
        }
    }

    /// The wall of `paths` with `--cache-mb`, the shared thumbnail cache unless `--no-thumbnail-cache`, and the cards'
    /// captions in the default font, as `waterfall` makes it; its decoder worker is the one `WATERFALL_DECODER` names
    /// (scripts/benchmarks.sh sets it), else `waterfall-decoder` on `PATH`.
    private func wallConfiguration() throws -> PhotoWall.Configuration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = PhotoWall.Configuration(paths: paths)
        configuration.recursive = recursive
        configuration.cacheBytes = cacheMB << 20
        configuration.metrics = try BenchWindow.cardMetrics()
        configuration.warn = { printError($0) }
        configuration.decoderExecutable = environment["WATERFALL_DECODER"].flatMap { $0.isEmpty ? nil : $0 }
        if !noThumbnailCache {
            configuration.sharedThumbnailCache = SharedThumbnailCache(
                root: SharedThumbnailCache.defaultRoot(in: XDGDirectories(environment: environment)),
                application: "photo-wall-bench"
            ) { reason in
                printError("the shared thumbnail cache is off: \(reason); the photos are decoded instead")
            }
        }
        return configuration
    }
}

/// Why a measurement cannot be made.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// Prints `photo-wall-bench: message` on standard error, in one write, from any thread.
func printError(_ message: String) {
    StandardError.write("photo-wall-bench: \(message)\n")
}
