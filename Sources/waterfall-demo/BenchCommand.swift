import ArgumentParser
import Foundation
import Waterfall
import WaterfallCards
import WaterfallDemoKit
@_spi(Benchmarking) import WaterfallX11

/// Measures scrolling in the real window: wheel notches through the event loop, one frame each.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure wheel scrolling in the real window and print frame-time percentiles.",
        discussion: """
            Opens the window, sends it --notches wheel notches one at a time through the X server (the path a \
            mouse takes), and times each from the event to the presented frame (an XSync after each frame, for \
            measuring only). Prints p50, p99 and max frame times, the X requests per frame, the peak resident \
            memory and the time from the process's start to the first frame. Build in release for real numbers: \
            swift build -c release.
            """
    )

    @OptionGroup var layout: LayoutOptions

    @Option(help: ArgumentHelp("How many wheel notches to send.", valueName: "n"))
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

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    mutating func validate() throws {
        guard notches > 0 else { throw ValidationError("--notches is \(notches); it must be 1 or more") }
        guard notchInterval >= 0, notchInterval <= 1000 else {
            throw ValidationError("--notch-interval is \(notchInterval); it must be from 0 to 1000 ms")
        }
        _ = try layout.cardMetrics()
        try LayoutOptions.validateWindowSize(width: width, height: height)
        try DemoWindowLayout.validateColumnWidth(layout, window: Size(width: width, height: height))
    }

    func run() throws {
        // WATERFALL_LAUNCHED_AT_NS: the wall clock just before scripts/benchmarks.sh started the program.
        let timeline = DemoStartupTimeline(
            launchedAtNanoseconds: ProcessInfo.processInfo.environment["WATERFALL_LAUNCHED_AT_NS"].flatMap(Double.init))
        timeline.mark(.running)
        let session = try DemoSession(
            options: layout, size: Size(width: width, height: height), log: nil, timeline: timeline)
        let result: BenchResult = try orExit {
            try session.window.runUntilFirstFrame()
            timeline.mark(.firstFrame)
            var colours: [Int] = []
            let interval = notchInterval > 0 ? Duration.microseconds(Int64((notchInterval * 1000).rounded())) : nil
            let frames = try session.window.measureWheelScrolling(notches: notches, interval: interval) {
                colours.append(session.controller.coloursOnScreen(of: session.collectionView))
            }
            return BenchResult(
                frames: frames, colours: colours, startup: timeline.durations,
                items: session.controller.items.totalCount)
        }
        print(json ? result.json : result.table)
    }
}

/// The numbers `bench` prints.
struct BenchResult {
    var frames: [FrameMeasurement]
    /// The distinct colours on screen after each frame.
    var colours: [Int]
    /// The steps to the first frame and how long each took, in milliseconds.
    var startup: [(step: StartupStep, milliseconds: Double)]
    var items: Int

    /// From the process's start to the first frame, in milliseconds.
    var firstFrameMs: Double { startup.reduce(0) { $0 + $1.milliseconds } }

    private var sortedTimes: [Double] { frames.map(\.milliseconds).sorted() }

    /// The `fraction` percentile of the frame times (nearest rank), of `measured` (the first pass by default).
    func percentile(_ fraction: Double, of measured: [FrameMeasurement]? = nil) -> Double {
        let times = (measured ?? frames).map(\.milliseconds).sorted()
        guard !times.isEmpty else { return 0 }
        let rank = Int((fraction * Double(times.count)).rounded(.up)) - 1
        return times[min(times.count - 1, max(0, rank))]
    }

    var requestsPerFrame: Int { frames.map(\.requests).max() ?? 0 }
    var medianRequestsPerFrame: Int {
        let sorted = frames.map(\.requests).sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
    var roundTrips: Int { frames.reduce(0) { $0 + $1.roundTrips } }
    /// The most any frame's requests exceeded the colours on screen after it (the target is at most 10).
    var requestsAboveColours: Int { zip(frames, colours).map { $0.requests - $1 }.max() ?? 0 }
    var peakRSSMB: Double { ProcessClock.peakResidentMegabytes() }

    var json: String {
        JSONValue.object([
            ("frames", .int(frames.count)), ("p50Ms", .number(rounded(percentile(0.5)))),
            ("p99Ms", .number(rounded(percentile(0.99)))), ("maxMs", .number(rounded(sortedTimes.last ?? 0))),
            ("requestsPerFrame", .int(requestsPerFrame)), ("requestsPerFrameP50", .int(medianRequestsPerFrame)),
            ("requestsAboveColours", .int(requestsAboveColours)), ("coloursOnScreen", .int(colours.max() ?? 0)),
            ("roundTrips", .int(roundTrips)), ("peakRSSMB", .number(rounded(peakRSSMB))),
            ("firstFrameMs", .number(rounded(firstFrameMs))), ("items", .int(items)),
            ("startupMs", .object(startup.map { ($0.step.rawValue, .number(rounded($0.milliseconds))) })),
        ]).text
    }

    var table: String {
        """
        frames              \(frames.count) (one per wheel notch, \(Noun.item.counted(items)))
        frame time p50      \(rounded(percentile(0.5))) ms
        frame time p99      \(rounded(percentile(0.99))) ms
        frame time max      \(rounded(sortedTimes.last ?? 0)) ms
        requests per frame  \(requestsPerFrame) at most, \(medianRequestsPerFrame) median
                            at most \(requestsAboveColours) more than the colours on screen (\(colours.min() ?? 0)-\(colours.max() ?? 0))
        round trips         \(roundTrips) in all frames
        peak RSS            \(rounded(peakRSSMB)) MB
        start to 1st frame  \(rounded(firstFrameMs)) ms (\(startup.map { "\($0.step.rawValue) \(rounded($0.milliseconds))" }.joined(separator: ", ")))
        """
    }

    private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
