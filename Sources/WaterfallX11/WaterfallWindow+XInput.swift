import Waterfall

extension WaterfallWindow {
    /// Whether the window takes the pointer's events through XInput 2 (the server has XI 2.1 or later and the
    /// window was not told otherwise): touchpads then scroll pixel-precisely.
    public var usesXInput2: Bool { xinput != nil }

    /// Handles an XInput 2 event on this window, or a device change (which every window hears): a valuator scroll is
    /// folded into the batch; a press, a release or a motion goes to the event switch as the core event it stands for.
    func handle(_ event: XInputEvent) throws {
        guard let xinput, exitReason == nil else { return }
        for action in xinput.translate(event, coreEventMask: window.eventMask) {
            switch action {
            case let .core(core):
                _ = try handle(XlibEvent(window: window.id, serial: 0, kind: core))
            case let .scroll(.precise(notches)):
                batch.preciseNotches += notches
            case let .scroll(.wheel(notches)):
                batch.wheelNotches += notches
            }
        }
    }
}
