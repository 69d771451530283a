import CX11
import Waterfall

extension WaterfallWindow {
    /// Whether the window takes the pointer's events through XInput 2 (the server has XI 2.1 or later and the
    /// window was not told otherwise): touchpads then scroll pixel-precisely.
    public var usesXInput2: Bool { xinput != nil }

    /// Handles a `GenericEvent` whose data the display's loop fetched: an XInput 2 event is folded into the batch (a
    /// valuator scroll) or handed to the event switch as the core event it stands for (a press, a release, a motion).
    /// Returns whether the event was this window's: another window's device event is left to it; device changes
    /// and events of other extensions are everyone's, so they return `false` too.
    func handleGenericEvent(_ event: inout XEvent) throws -> Bool {
        guard let xinput, exitReason == nil, let actions = xinput.translate(&event, on: window.id, coreEventMask: window.eventMask),
              !actions.isEmpty else { return false }
        for action in actions {
            switch action {
            case var .core(core):
                _ = try handle(&core)
            case let .scroll(.precise(notches)):
                batch.preciseNotches += notches
            case let .scroll(.wheel(notches)):
                batch.wheelNotches += notches
            }
        }
        return true
    }
}
