import Waterfall

extension WaterfallWindow {
    /// Whether the window takes the pointer's events through XInput 2 (the server has XI 2.1 or later and the
    /// window was not told otherwise): touchpads then scroll pixel-precisely.
    public var usesXInput2: Bool { xinput != nil }

    /// Handles an XInput 2 event on this window, or a device change (which every window hears): a valuator scroll is
    /// folded into the batch; a press, a release or a motion goes to the event switch as the core event it stands for.
    /// A scroll with Control or Alt held zooms instead (as a wheel button's notch with them does): it comes as keys,
    /// one "WheelUp" or "WheelDown" per whole notch.
    func handle(_ event: XInputEvent) throws {
        guard let xinput, exitReason == nil else { return }
        var held: ModifierKeys = []
        if case let .motion(pointer, _, _) = event { held = ModifierKeys(xState: pointer.state) }
        for action in xinput.translate(event, coreEventMask: window.eventMask) {
            switch action {
            case let .core(core):
                _ = try handle(XlibEvent(window: window.id, serial: 0, kind: core))
            case let .scroll(scroll) where !held.isDisjoint(with: [.control, .alt]):
                try zoom(by: scroll, modifiers: held)
            case let .scroll(.precise(notches)):
                batch.preciseNotches += notches
            case let .scroll(.wheel(notches)):
                batch.wheelNotches += notches
            }
        }
    }

    /// Delivers a scroll with Control or Alt held as its whole notches, each a "WheelUp" or "WheelDown" key: to the
    /// key interceptor, else the overlay, else `onKey`. A touchpad's fractions add up across events.
    private func zoom(by scroll: ValuatorScroll, modifiers: ModifierKeys) throws {
        var notches: Int
        switch scroll {
        case let .wheel(whole): notches = whole
        case let .precise(fraction):
            pointer.zoomNotches += fraction
            notches = Int(pointer.zoomNotches.rounded(.towardZero))
            pointer.zoomNotches -= Double(notches)
        }
        while notches != 0 {
            let name = notches > 0 ? "WheelDown" : "WheelUp"
            notches -= notches.signum()
            try apply(&batch)
            if let keyInterceptor, try keyInterceptor(name, modifiers) { continue }
            if let overlay {
                try overlay.handle(.key(name: name, modifiers: modifiers), in: self)
            } else {
                try onKey?(name, modifiers)
            }
        }
    }
}
