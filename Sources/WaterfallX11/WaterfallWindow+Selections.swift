/// What the window keeps for selections: the CLIPBOARD's owner once it is used, and the time of the user's last
/// key or button event, the timestamp to take a selection with.
struct SelectionState {
    var clipboard: SelectionOwner?
    var lastUserEventTime: ServerTime?
}

extension WaterfallWindow {
    /// The server time of the last key or button event the window handled (its X event's timestamp), `nil` before
    /// the first. In `onKey` it is the time of the key being handled: the time to take a selection with in answer to
    /// it (ICCCM 2.1 asks for the triggering event's time, never `CurrentTime`), as GTK's current event time is.
    public var lastUserEventTime: ServerTime? { selections.lastUserEventTime }

    /// The CLIPBOARD selection of this window: `clipboard.own(text, at: lastUserEventTime)` copies `text`. Made on
    /// first use (interning its atoms is one round trip); it serves requests from the window's event loop.
    public var clipboard: SelectionOwner {
        if let owner = selections.clipboard { return owner }
        let owner = makeSelectionOwner("CLIPBOARD")
        selections.clipboard = owner
        return owner
    }

    /// An owner of the selection `name` for this window, its INCR transfers timed by the window's timers.
    func makeSelectionOwner(_ name: String) -> SelectionOwner {
        SelectionOwner(
            selection: name, display: display, window: window.id,
            schedule: { [unowned self] seconds, action in schedule(after: seconds, action) },
            cancel: { [unowned self] token in cancel(token) })
    }

    /// Notes the time of a key or button event: the time to take a selection with in answer to it.
    func noteUserEventTime(of event: XlibEvent) {
        let time: XTimestamp
        switch event.kind {
        case .keyPress(_, _, let keyTime): time = keyTime
        case .keyRelease(let keyTime): time = keyTime
        case .buttonPress(let pointer), .buttonRelease(let pointer): time = pointer.time
        default: return
        }
        selections.lastUserEventTime = ServerTime(time) ?? selections.lastUserEventTime
    }
}
