import Waterfall

extension WaterfallWindow {
    /// Whether the window takes the pointer's events through XInput 2 (the server has XI 2.1 or later and the
    /// window was not told otherwise): touchpads then scroll pixel-precisely.
    public var usesXInput2: Bool { xinput != nil }

    /// Handles an XInput 2 event on this window, or a device change (which every window hears): a valuator scroll is
    /// folded into the batch; a press, a release or a motion goes to the event switch as the core event it stands for.
    /// A scroll with Control or Alt held zooms instead: each whole notch goes there as the wheel button's press it
    /// stands for (which the window names as a key, "WheelUp" or "WheelDown"), a touchpad's fractions adding up.
    func handle(_ event: XInputEvent) throws {
        guard let xinput, exitReason == nil else { return }
        var motion: PointerEvent?
        if case .motion(let pointer, _, _) = event { motion = pointer }
        for action in xinput.translate(event, coreEventMask: window.eventMask) {
            switch action {
            case .core(let core):
                _ = try handle(XlibEvent(window: window.id, serial: 0, kind: core))
            case .scroll(let scroll)
            where motion.map { !ModifierKeys(xState: $0.state).isDisjoint(with: [.control, .alt]) } == true:
                var press = motion!
                let notches = wholeZoomNotches(scroll)
                press.button = notches > 0 ? 5 : 4
                for _ in 0..<abs(notches) {
                    _ = try handle(XlibEvent(window: window.id, serial: 0, kind: .buttonPress(press)))
                }
            case .scroll(.precise(let notches)):
                batch.preciseNotches += notches
            case .scroll(.wheel(let notches)):
                batch.wheelNotches += notches
            }
        }
    }

    /// The whole notches of a scroll with Control or Alt held: a wheel's as they are, a touchpad's fractions added up
    /// across its events until they make one.
    private func wholeZoomNotches(_ scroll: ValuatorScroll) -> Int {
        switch scroll {
        case .wheel(let notches):
            return notches
        case .precise(let fraction):
            pointer.zoomNotches += fraction
            let notches = Int(pointer.zoomNotches.rounded(.towardZero))
            pointer.zoomNotches -= Double(notches)
            return notches
        }
    }
}
