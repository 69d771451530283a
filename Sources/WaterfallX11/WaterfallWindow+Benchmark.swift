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
        while !firstFramePresented {
            if try turn() != nil { return }
        }
    }

    /// Scrolls by `notches` wheel notches, one frame each, through the same path as the mouse: each notch is a
    /// button 5 press sent to the window through the server (`XSendEvent`), read by the event loop, folded and
    /// drawn. Each frame ends in an `XSync` instead of its flush (for measuring only: the frame's requests and the
    /// sync go in one write, and the time stops when the server has handled them). At either end of the content the
    /// direction turns. `afterEachFrame` runs after each measured frame, outside the measurement. Smooth scrolling
    /// is off while it measures: each notch is one frame.
    @_spi(Benchmarking) public func measureWheelScrolling(notches: Int, afterEachFrame: () -> Void = {}) throws -> [FrameMeasurement] {
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
        for _ in 0..<notches {
            if down ? collectionView.contentOffset >= collectionView.scroll.maxOffset : collectionView.contentOffset <= 0 {
                down.toggle()
            }
            let start = clock.now
            let framesBefore = framesPresented
            postWheelNotch(down: down)
            while framesPresented == framesBefore {
                if try turn() != nil { return measurements }
            }
            let elapsed = clock.now - start
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            measurements.append(FrameMeasurement(milliseconds: milliseconds, requests: requestsInLastFrame,
                                                 roundTrips: roundTripsInLastFrame))
            afterEachFrame()
        }
        return measurements
    }

    /// Sends the window a wheel notch (a button 4 or 5 press at the viewport's centre) through the server.
    func postWheelNotch(down: Bool) {
        display.sendWheelNotch(down: down, to: window.id, x: Int32(viewportFrame.midX * scale), y: Int32(viewportFrame.midY * scale))
        display.flush()
    }
}
