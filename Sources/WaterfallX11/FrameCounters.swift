/// What a window counts of its frames and turns: for its observer, the benchmarks and the tests.
struct FrameCounters {
    /// How many frames were presented.
    var framesPresented = 0
    /// The number of requests the last frame sent, from `XNextRequest`.
    var requestsInLastFrame = 0
    /// 1 when the last frame waited for a reply from the server (a round trip), else 0.
    var roundTripsInLastFrame = 0
    /// How many turns applied wheel notches: a benchmark waits for the one that applies its notch.
    var wheelBatchesApplied = 0
    /// When the last frame was presented (flushed, or synced with `syncsAfterEachFrame`): a benchmark's frame ends
    /// there, before what the turn does after it (`performAfterNextFrame`).
    var lastPresented: ContinuousClock.Instant?

    /// Whether a frame was presented yet.
    var firstFramePresented: Bool { framesPresented > 0 }

    /// Counts a presented frame whose requests were numbered from `firstRequest` up to before `nextRequest`, with
    /// `lastProcessed` the last request the server is known to have processed when the frame ended: Xlib learns of
    /// the server's progress only by reading from the connection, so a request of the frame known to be processed
    /// means the frame read a reply.
    mutating func countFrame(firstRequest: UInt, nextRequest: UInt, lastProcessed: UInt) {
        requestsInLastFrame = Int(nextRequest - firstRequest)
        roundTripsInLastFrame = lastProcessed >= firstRequest ? 1 : 0
        framesPresented += 1
    }
}

extension WaterfallWindow {
    /// How many frames were presented.
    public var framesPresented: Int { counters.framesPresented }
    /// The number of requests the last frame sent, from `XNextRequest`.
    public var requestsInLastFrame: Int { counters.requestsInLastFrame }
    /// 1 when the last frame waited for a reply from the server (a round trip), else 0. Xlib learns of the
    /// server's progress only by reading from the connection, so a request of the frame that the server is
    /// known to have processed when the frame ends means the frame read a reply.
    public var roundTripsInLastFrame: Int { counters.roundTripsInLastFrame }
}
