import CX11
import Waterfall

extension WaterfallWindow {
    /// Whether the window takes the pointer's events through XInput 2 (the server has XI 2.1 or later and the
    /// window was not told otherwise): touchpads then scroll pixel-precisely.
    public var usesXInput2: Bool { xinput != nil }

    /// Handles a `GenericEvent`: an XInput 2 event is folded into `batch` (a valuator scroll) or handed to the
    /// event switch as the core event it stands for (a press, a release, a motion). Events of other extensions are
    /// ignored.
    func handleGenericEvent(_ event: inout XEvent, batch: inout EventBatch) throws -> WindowExitReason? {
        guard let xinput else { return nil }
        for action in xinput.translate(&event, coreEventMask: window.eventMask) {
            switch action {
            case var .core(core):
                if let reason = try handle(&core, batch: &batch) { return reason }
            case let .scroll(.precise(notches)):
                batch.preciseNotches += notches
            case let .scroll(.wheel(notches)):
                batch.wheelNotches += notches
            }
        }
        return nil
    }
}
