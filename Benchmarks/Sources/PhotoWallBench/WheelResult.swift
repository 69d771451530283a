import WaterfallCards
@_spi(Benchmarking) import WaterfallX11

/// The numbers the wheel's passes print: the JSON fields of `waterfall-demo bench --photos --json` before the wall
/// became a library (scripts/benchmarks-report.py reads them), or a table.
struct WheelResult {
    var passes: WheelPasses
    /// The pictures' memory budget (`--cache-mb`).
    var cacheMB: Int
    /// The steps to the first frame and how long each took, in milliseconds.
    var startup: [(step: StartupStep, milliseconds: Double)]
    /// The photos on the wall.
    var items: Int

    private var frames: [FrameMeasurement] { passes.frames }

    /// From the process's start to the first frame, in milliseconds.
    var firstFrameMs: Double { startup.reduce(0) { $0 + $1.milliseconds } }

    var maxMs: Double { frames.map(\.milliseconds).max() ?? 0 }
    var requestsPerFrame: Int { frames.map(\.requests).max() ?? 0 }
    var medianRequestsPerFrame: Int {
        let sorted = frames.map(\.requests).sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
    var roundTrips: Int { frames.reduce(0) { $0 + $1.roundTrips } }
    var peakRSSMB: Double { ProcessClock.peakResidentMegabytes() }

    var json: String {
        JSONValue.object([
            ("frames", .int(frames.count)), ("p50Ms", .number(rounded(percentile(0.5, of: frames)))),
            ("p99Ms", .number(rounded(percentile(0.99, of: frames)))), ("maxMs", .number(rounded(maxMs))),
            ("requestsPerFrame", .int(requestsPerFrame)), ("requestsPerFrameP50", .int(medianRequestsPerFrame)),
            ("roundTrips", .int(roundTrips)), ("peakRSSMB", .number(rounded(peakRSSMB))),
            ("firstFrameMs", .number(rounded(firstFrameMs))), ("items", .int(items)),
            ("startupMs", .object(startup.map { ($0.step.rawValue, .number(rounded($0.milliseconds))) })),
            ("cacheMB", .int(cacheMB)), ("cachedP50Ms", .number(rounded(percentile(0.5, of: passes.cachedFrames)))),
            ("cachedP99Ms", .number(rounded(percentile(0.99, of: passes.cachedFrames)))),
            ("picturesWhileScrolling", .int(passes.picturesWhileScrolling)),
            ("picturesWhileCached", .int(passes.picturesWhileCached)),
        ]).text
    }

    var table: String {
        """
        frames              \(frames.count) (one per wheel notch, \(Noun.photo.counted(items)))
        frame time p50      \(rounded(percentile(0.5, of: frames))) ms
        frame time p99      \(rounded(percentile(0.99, of: frames))) ms
        frame time max      \(rounded(maxMs)) ms
        requests per frame  \(requestsPerFrame) at most, \(medianRequestsPerFrame) median
        round trips         \(roundTrips) in all frames
        peak RSS            \(rounded(peakRSSMB)) MB (pictures' budget \(cacheMB) MB)
        start to 1st frame  \(rounded(firstFrameMs)) ms (\(startup.map { "\($0.step.rawValue) \(rounded($0.milliseconds))" }.joined(separator: ", ")))
        pictures            \(passes.picturesWhileScrolling) decoded and uploaded while scrolling
        photos cached       p50 \(rounded(percentile(0.5, of: passes.cachedFrames))) ms, p99 \(rounded(percentile(0.99, of: passes.cachedFrames))) ms \
        (the same path again, \(Noun.picture.counted(passes.picturesWhileCached)) uploaded)
        """
    }
}
