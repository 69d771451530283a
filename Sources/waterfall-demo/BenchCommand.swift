import ArgumentParser
import Foundation
import Waterfall
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

    @Option(help: ArgumentHelp("Milliseconds between notches, as a hand turns the wheel; 0 sends each as soon as the last one's frame is drawn.",
                               valueName: "ms"))
    var notchInterval: Double = 0

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("With --photos: instead of scrolling, time the lightbox from a key to the next photo's picture, n times with it decoded ahead and n times without.",
                               valueName: "n"))
    var lightbox = 0

    mutating func validate() throws {
        if lightbox != 0 && (lightbox < 0 || lightbox > 1000 || layout.photos.isEmpty) {
            throw ValidationError("--lightbox is \(lightbox); it must be from 1 to 1000, with --photos")
        }
        guard notches > 0 else { throw ValidationError("--notches is \(notches); it must be 1 or more") }
        guard notchInterval >= 0, notchInterval <= 1000 else {
            throw ValidationError("--notch-interval is \(notchInterval); it must be from 0 to 1000 ms")
        }
        _ = try layout.cardMetrics()
        try LayoutOptions.validateWindowSize(width: width, height: height)
        try DemoWindowLayout.validateColumnWidth(layout, window: Size(width: width, height: height))
    }

    func run() throws {
        let timeline = StartupTimeline()
        timeline.mark(.running)
        let session = try DemoSession(options: layout, size: Size(width: width, height: height), log: nil, timeline: timeline)
        let result: BenchResult? = try orExit {
            try session.window.runUntilFirstFrame()
            timeline.mark(.firstFrame)
            var colours: [Int] = []
            var deepest = 0.0
            // A photo wall: the walk first (the wall complete, as a user waits for it), then the scroll while the
            // thumbnails decode, then the same scroll again from the top with every picture on its path cached.
            try session.window.run { session.controller.scanCounts.isDone }
            if lightbox > 0 {
                print(try measureLightbox(session: session, steps: lightbox).json)
                return nil
            }
            let interval = notchInterval > 0 ? Duration.microseconds(Int64((notchInterval * 1000).rounded())) : nil
            let uploadsBefore = session.window.imageUploads.total
            let frames = try session.window.measureWheelScrolling(notches: notches, interval: interval) {
                colours.append(session.controller.coloursOnScreen(of: session.collectionView))
                deepest = max(deepest, session.collectionView.contentOffset)
            }
            var photos: PhotoPasses?
            if let pictures = session.controller.pictures {
                let whileScrolling = session.window.imageUploads.total - uploadsBefore
                try warmPictures(session: session, pictures: pictures, through: deepest)
                let cachedBefore = session.window.imageUploads.total
                let cached = try session.window.measureWheelScrolling(notches: notches, interval: interval)
                photos = PhotoPasses(cachedFrames: cached, cacheMB: pictures.cacheBytes >> 20, picturesWhileScrolling: whileScrolling,
                                     picturesWhileCached: session.window.imageUploads.total - cachedBefore)
            }
            return BenchResult(frames: frames, photos: photos, colours: colours, startup: timeline.durations,
                               items: session.controller.items.totalCount)
        }
        guard let result else { return }
        print(json ? result.json : result.table)
    }
}

extension BenchCommand {
    /// Decodes every picture of the path the first pass scrolled, down to `deepest`: half a screen at a time, each
    /// until no card in view waits for its picture and the pool has nothing left to make. Then goes back to the top.
    private func warmPictures(session: DemoSession, pictures: PhotoPictures, through deepest: Double) throws {
        let view = session.collectionView
        var offset = 0.0
        while offset <= deepest + view.viewportSize.height {
            let before = view.contentOffset
            view.setContentOffset(offset)
            if view.contentOffset != before {  // a frame shows the cards there (none comes when the offset stayed)
                let framesBefore = session.window.framesPresented
                try session.window.run { session.window.framesPresented > framesBefore }
            }
            try session.window.run { pictures.pendingCount(in: view) == 0 && pictures.isIdle }
            if view.contentOffset >= view.scroll.maxOffset { break }
            offset += view.viewportSize.height / 2
        }
        view.setContentOffset(0)
        let framesBefore = session.window.framesPresented
        try session.window.run { session.window.framesPresented > framesBefore }
    }
}

/// A photo wall's two passes over the same path: while the thumbnails decode, then with every one cached.
struct PhotoPasses {
    /// The second pass's frames.
    var cachedFrames: [FrameMeasurement]
    /// The pictures' memory budget (`--cache-mb`).
    var cacheMB: Int
    /// The pictures uploaded during the first pass (decoded while it scrolled).
    var picturesWhileScrolling: Int
    /// The pictures uploaded during the second pass: none when every picture on the path was cached.
    var picturesWhileCached: Int
}

/// The numbers `bench` prints.
struct BenchResult {
    var frames: [FrameMeasurement]
    /// A photo wall's passes.
    var photos: PhotoPasses?
    /// The distinct colours on screen after each frame.
    var colours: [Int]
    /// The steps to the first frame and how long each took, in milliseconds.
    var startup: [(step: StartupTimeline.Step, milliseconds: Double)]
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
        ] + (photos.map { photos in
            [("cacheMB", .int(photos.cacheMB)), ("cachedP50Ms", .number(rounded(percentile(0.5, of: photos.cachedFrames)))),
             ("cachedP99Ms", .number(rounded(percentile(0.99, of: photos.cachedFrames)))),
             ("picturesWhileScrolling", .int(photos.picturesWhileScrolling)), ("picturesWhileCached", .int(photos.picturesWhileCached))]
        } ?? [])).text
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
        """ + (photos.map { photos in
            "\npictures            \(photos.picturesWhileScrolling) decoded and uploaded while scrolling"
                + "\nphotos cached       p50 \(rounded(percentile(0.5, of: photos.cachedFrames))) ms, "
                + "p99 \(rounded(percentile(0.99, of: photos.cachedFrames))) ms (the same path again, \(Noun.picture.counted(photos.picturesWhileCached)) uploaded)"
        } ?? "")
    }

    private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
