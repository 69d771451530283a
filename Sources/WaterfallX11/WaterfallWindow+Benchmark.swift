import Waterfall

/// What one benchmarked frame cost. For the program's `bench` command: not public API.
@_spi(Benchmarking) public struct FrameMeasurement: Sendable {
    /// From sending the event to the server having handled the presented frame, in milliseconds.
    public var milliseconds: Double
    /// The requests the frame sent.
    public var requests: Int
    /// 1 when the frame waited for a reply from the server.
    public var roundTrips: Int
}

extension WaterfallWindow {
    /// Runs the event loop until `condition` holds (checked after each turn), or the window closes.
    @_spi(Benchmarking) public func run(until condition: () -> Bool) throws {
        while !condition() {
            if try turn() != nil { return }
        }
    }

    /// Waits until the first frame is on screen.
    @_spi(Benchmarking) public func runUntilFirstFrame() throws {
        while !counters.firstFramePresented {
            if try turn() != nil { return }
        }
    }

    /// Scrolls by `notches` wheel notches through the same path as the mouse: each notch is a button 5 press sent
    /// to the window through the server (`XSendEvent`), read by the event loop, folded and drawn. Each frame ends in
    /// an `XSync` instead of its flush (for measuring only: the frame's requests and the sync go in one write, and
    /// the time stops when the server has handled them). At either end of the content the direction turns.
    /// `afterEachFrame` runs after each measured frame, outside the measurement. Smooth scrolling is off while it
    /// measures: each notch is one frame.
    ///
    /// Without an `interval` the next notch is sent as soon as the last one's frame is drawn. With one, a notch is
    /// sent every `interval`, as a hand turns a wheel, and the loop runs meanwhile (a photo wall uploads the
    /// thumbnails that arrived, and draws their cards): a notch's time then includes waiting for whatever turn was
    /// under way when it came.
    @_spi(Benchmarking) public func measureWheelScrolling(
        notches: Int, interval: Duration? = nil,
        afterEachFrame: () -> Void = {}
    ) throws -> [FrameMeasurement] {
        let wasSmooth = collectionView.isSmoothScrollingEnabled
        let wasSyncing = syncsAfterEachFrame
        collectionView.isSmoothScrollingEnabled = false
        syncsAfterEachFrame = true
        defer {
            collectionView.isSmoothScrollingEnabled = wasSmooth
            syncsAfterEachFrame = wasSyncing
        }
        try runUntilFirstFrame()
        var measurements: [FrameMeasurement] = []
        measurements.reserveCapacity(notches)
        var down = true
        let clock = ContinuousClock()
        var nextNotch = clock.now
        for _ in 0..<notches {
            if let interval {
                guard try runTurns(until: nextNotch, clock: clock) else { return measurements }
                nextNotch += interval
            }
            if down
                ? collectionView.contentOffset >= collectionView.scroll.maxOffset : collectionView.contentOffset <= 0
            {
                down.toggle()
            }
            let start = clock.now
            let notchesBefore = counters.wheelBatchesApplied
            postWheelNotch(down: down)
            while counters.wheelBatchesApplied == notchesBefore {  // the turn that applies the notch draws its frame
                if try turn() != nil { return measurements }
            }
            let elapsed = clock.now - start
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            measurements.append(
                FrameMeasurement(
                    milliseconds: milliseconds, requests: requestsInLastFrame,
                    roundTrips: roundTripsInLastFrame))
            afterEachFrame()
        }
        return measurements
    }

    /// Zooms by `steps` Ctrl+wheel notches at the viewport's centre, alternately up and down (a program's zoom in and
    /// out: the notches reach `onKey` or `keyInterceptor` as "WheelUp" and "WheelDown"), each sent through the server
    /// as `measureWheelScrolling(notches:)` sends its notches, and timed from the event to the frame it drew.
    /// `beforeEachStep` runs before each, outside the measurement (to wait until the window is idle, say).
    @_spi(Benchmarking) public func measureZoomNotches(
        steps: Int, beforeEachStep: () throws -> Void = {}
    ) throws -> [FrameMeasurement] {
        try measureFrames(count: steps, beforeEach: beforeEachStep) { step in
            display.sendWheelNotch(
                down: step % 2 == 1, to: window.id, x: Int32(viewportFrame.midX * scale),
                y: Int32(viewportFrame.midY * scale), state: StateBits.control)
            display.flush()
        }
    }

    /// Draws every pixel of the window again `count` times, nothing else changed (the frame an expose asks for), each
    /// timed from the request to the frame presented: the floor of any frame that changes the whole window.
    @_spi(Benchmarking) public func measureFullRedraws(
        count: Int, beforeEach: () throws -> Void = {}
    ) throws -> [FrameMeasurement] {
        try measureFrames(count: count, beforeEach: beforeEach) { _ in
            setNeedsFullFrame()
            wakeSignal.wake()
        }
    }

    /// Times `count` frames, each from `cause` (given its number) to the frame presented, synced (not what its turn
    /// does after it); `beforeEach` runs before each, outside the measurement. A cause that changes nothing drawn
    /// must still ask for a frame (`setNeedsFullFrame()`), or the wait never ends.
    @_spi(Benchmarking) public func measureFrames(
        count: Int, beforeEach: () throws -> Void = {},
        cause: (Int) throws -> Void
    ) throws -> [FrameMeasurement] {
        let wasSyncing = syncsAfterEachFrame
        syncsAfterEachFrame = true
        defer { syncsAfterEachFrame = wasSyncing }
        try runUntilFirstFrame()
        let clock = ContinuousClock()
        var measurements: [FrameMeasurement] = []
        for index in 0..<count {
            try beforeEach()
            let start = clock.now
            let framesBefore = framesPresented
            try cause(index)
            while framesPresented == framesBefore {
                if try turn() != nil { return measurements }
            }
            // To the frame's presenting: what its turn does after it (`performAfterNextFrame`) delays no frame.
            let elapsed = (counters.lastPresented ?? clock.now) - start
            measurements.append(
                FrameMeasurement(
                    milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds)
                        / 1e15,
                    requests: requestsInLastFrame, roundTrips: roundTripsInLastFrame))
        }
        return measurements
    }

    /// Runs the loop's turns until `instant` (a timer wakes the last wait); false when the window closed.
    private func runTurns(until instant: ContinuousClock.Instant, clock: ContinuousClock) throws -> Bool {
        while clock.now < instant {
            let left = clock.now.duration(to: instant)
            let timer = schedule(after: Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18) {}
            defer { cancel(timer) }
            if try turn() != nil { return false }
        }
        return true
    }

    /// Sends the window a wheel notch (a button 4 or 5 press at the viewport's centre) through the server.
    func postWheelNotch(down: Bool) {
        display.sendWheelNotch(
            down: down, to: window.id, x: Int32(viewportFrame.midX * scale), y: Int32(viewportFrame.midY * scale))
        display.flush()
    }
}
