import Glibc

/// A display's reference to one of its windows, which it must not keep alive.
struct WeakWindow {
    weak var window: WaterfallWindow?
}

extension Display {
    /// Makes `window` one of those the event loop serves.
    func register(_ window: WaterfallWindow) {
        windows.removeAll { $0.window == nil }
        windows.append(WeakWindow(window: window))
    }

    /// Stops serving `window` (it is being destroyed).
    func unregister(_ window: WaterfallWindow) {
        windows.removeAll { $0.window == nil || $0.window === window }
    }

    /// The windows still open, in the order they were made.
    private var openWindows: [WaterfallWindow] {
        windows.compactMap { $0.window }.filter { $0.exitReason == nil }
    }

    /// The descriptors a program's own event loop waits on for reading (with `poll`, `select`, `epoll` or its
    /// toolkit's watch): the connection (`fileDescriptor`) and the wake pipe of each open window. When one is
    /// readable, or `timeUntilNextTimer` has passed, call `processPendingEvents()`.
    public var pollDescriptors: [Int32] {
        [fileDescriptor] + openWindows.map(\.wakeSignal.readDescriptor)
    }

    /// Seconds until the earliest timer of the open windows is due (0 when one is overdue), `nil` when none is
    /// waiting: how long a program's own loop may sleep before calling `processPendingEvents()`. A smooth scroll's
    /// next frame is such a timer; an idle window has none. It is 0 while a window has a frame to draw: one whose
    /// view the program changed between turns (a new offset, a cell marked for drawing) draws in the next call
    /// without waiting for an event. It is 0 too while events wait in Xlib's queue, which `poll` on the connection
    /// cannot see (a turn's round trip reads the events that came before its reply), and once the connection is lost,
    /// so that the next call throws it. Asking sends the requests still buffered (`XPending`).
    public var timeUntilNextTimer: Double? {
        let eventsWait = !isConnectionLost && hasPendingEvents
        if eventsWait || isConnectionLost { return 0 }
        let windows = openWindows
        if windows.contains(where: \.hasFrameToDraw) { return 0 }
        return windows.compactMap { $0.timers.queue.timeUntilNextDeadline() }.min()
    }

    /// Handles, without blocking, everything that is pending for the display's open windows: reads every event
    /// that arrived and hands each to its window; then each window calls its `onWake` if its wake signal was woken,
    /// runs its due timers and draws at most one frame. A window that closes meanwhile gets its `exitReason` and is
    /// left alone from then on. This is one turn of `WaterfallWindow.run()`, for a program that runs its own loop
    /// on `pollDescriptors` and `timeUntilNextTimer`; call it on the thread that made the windows.
    /// - Throws: `X11Error.connectionLost` when the connection is lost (found in this call or before): the turn stops
    ///   there, nothing more is drawn, and every later call throws it again. `LayoutError` when a window's relayout
    ///   fails; the turn's other events wait for the next call.
    public func processPendingEvents() throws {
        try throwIfConnectionLost()
        servePollSourcesIfNotWaited()
        let windows = openWindows  // a window that closes meanwhile ignores its events (`handle` checks)
        // Xlib still hands out the events it queued before a loss: they are not for windows that are gone.
        while !isConnectionLost, hasPendingEvents {
            try dispatch(nextEvent(), to: windows)
        }
        for window in windows {
            try throwIfConnectionLost()
            try window.finishTurn()
        }
        try throwIfConnectionLost()
    }

    /// Hands `event` to the window it is for: the keyboard's mapping changes for all of them, an XInput 2 event goes to
    /// its window (a device change to every window), any other event to the first window that takes it.
    private func dispatch(_ event: XlibEvent, to windows: [WaterfallWindow]) throws {
        switch event.kind {
        case .keyboardMappingChanged:
            shortcutKeys.mappingChanged()
        case .sharedMemoryCompletion(let segment):
            sharedMemoryUploads?.completed(segment: segment)
        case .xinput(let xinput):
            for window in windows where event.window == 0 || event.window == window.windowID {
                try window.handle(xinput)
            }
        default:
            for window in windows where try window.handle(event) { return }
        }
    }

    /// Sleeps in `poll` until the connection or a window's wake pipe is readable, or `pollTimeout` has passed; with
    /// poll sources (`addPollSource(_:)`), until one of theirs is ready or their timeout has passed too, and then
    /// serves them.
    func waitForEvents() {
        var descriptors = pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var timeout = pollTimeout
        let prepared = preparePollSources(&descriptors, timeout: &timeout)
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if !prepared.isEmpty { finishPollSources(prepared, descriptors) }
    }

    /// How long `waitForEvents()` may sleep, in milliseconds: until the earliest timer is due, not at all while a
    /// window has a frame to draw, and without end (-1) when neither.
    var pollTimeout: Int32 {
        openWindows.map { $0.hasFrameToDraw ? 0 : $0.timers.queue.timeoutMilliseconds() }.filter { $0 >= 0 }.min() ?? -1
    }
}
