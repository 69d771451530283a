import Waterfall

extension WaterfallWindow {
    /// Runs the display's event loop until this window closes: the window manager closes it, another client
    /// destroys it, or the program calls `stop()`. Every other window of the display is served meanwhile.
    ///
    /// Each turn drains every pending event and hands each to its window, which folds them (wheel notches and a
    /// touchpad's scrolls summed, the last size wins and is applied at most once per display frame, see
    /// `applyFoldedSize(_:)`; Expose only marks the window dirty); then each window calls `onWake` when its
    /// `wakeSignal` was woken, runs the timers that are due and draws at most one frame. Between turns it sleeps
    /// in `poll` on the connection and the wake pipes until the earliest timer (a smooth scroll's next frame is
    /// one), so an idle window uses no CPU. A program with a loop of its own drives the same turns with
    /// `Display.processPendingEvents()` instead.
    ///
    /// When the connection to the server is lost (the server went away, or closed this client) it throws instead of
    /// returning: the window is gone with the server, and the program decides what to print and how to end.
    /// - Throws: `X11Error.connectionLost` naming the display; `LayoutError` when a relayout fails.
    public func run() throws -> WindowExitReason {
        while true {
            if let reason = try turn() { return reason }
        }
    }

    /// One turn of the loop: sleeps until events arrive, a wake or a timer is due, then lets the display handle
    /// what is pending (`Display.processPendingEvents()`). Returns why the window closed, if it has.
    func turn() throws -> WindowExitReason? {
        try display.throwIfConnectionLost()  // nothing to wait for on a lost connection
        if exitReason == nil, !display.hasPendingEvents { display.waitForEvents() }
        try display.processPendingEvents()
        return exitReason
    }

    /// The end of a turn, after the display handed the window its events: calls `onWake` when the wake signal was
    /// woken, runs the due timers, applies the folded events and draws a frame when something changed.
    func finishTurn() throws {
        guard exitReason == nil else { return }
        handleWake()
        runExpiredTimers()
        try apply(&batch)
        updateCursor()
        if hasFrameToDraw {
            drawFrame()
            let afterFrame = timers.afterNextFrame
            timers.afterNextFrame = []
            afterFrame.forEach { $0() }
        }
        reportCursorChange()
        if let error = timers.takeDeferredError() { throw error }
    }

    /// Whether the end of the next turn draws a frame: the window is shown and something in it changed, by an event
    /// or by the program between turns.
    var hasFrameToDraw: Bool { batch.exposed && isMapped && needsDisplay }

    /// Events folded within one batch.
    struct EventBatch {
        var wheelNotches = 0
        /// A touchpad's precise scroll, in fractional notches (XInput 2, see WaterfallWindow+XInput2.swift).
        var preciseNotches = 0.0
        var size: Size?
        /// Whether the window was ever exposed (mapped): no frame is drawn before.
        var exposed = false
    }

    /// Drains the wake pipe and calls `onWake` once when anything was in it. Drained every turn, not only
    /// after a `poll` that saw it, so a steady stream of X events cannot starve a wake.
    private func handleWake() {
        if wakeSignal.drain() { onWake?() }
    }

    /// Applies the folded size (see `applyFoldedSize(_:)`), wheel notches and a touchpad's precise scroll.
    private func apply(_ batch: inout EventBatch) throws {
        try applyFoldedSize(&batch)
        if let overlay {  // the wheel, and a touchpad's scroll in whole notches, go to it
            let notches = batch.wheelNotches + overlayState.takeWholeNotches(adding: batch.preciseNotches)
            batch.wheelNotches = 0
            batch.preciseNotches = 0
            if notches != 0 { try overlay.handle(.wheel(notches: notches), in: self) }
            return
        }
        if batch.wheelNotches != 0 {
            let notches = batch.wheelNotches
            batch.wheelNotches = 0
            counters.wheelBatchesApplied += 1
            try send(.wheel(notches: notches, time: animationTime))
            scheduleAnimationFrame()
            schedulePullRelease()
        }
        if batch.preciseNotches != 0 {  // a touchpad's scroll: at once, no glide
            let notches = batch.preciseNotches
            batch.preciseNotches = 0
            try send(.preciseScroll(notches: notches, time: animationTime))
            schedulePullRelease()
        }
    }

    /// While the content is pulled past the top, lets it go once the wheel (or the touchpad) has rested for
    /// `WindowTimers.pullReleaseDelay` (a wheel has no button to let go of): each wheel or scroll batch restarts the
    /// wait.
    private func schedulePullRelease() {
        if let token = timers.pullRelease { cancel(token) }
        timers.pullRelease = nil
        guard collectionView.pullDistance > 0 else { return }
        timers.pullRelease = schedule(after: WindowTimers.pullReleaseDelay) { [unowned self] in
            timers.pullRelease = nil
            deferringError { try send(.releasePull) }
        }
    }

    /// Offers the window an event the display's loop read: the selection owner's first (requests for CLIPBOARD, its
    /// loss, the events of INCR requestors' windows), then the window's own events, through the one switch over
    /// event kinds (the Swift form of dwm's handler table). Returns whether the event was this window's.
    func handle(_ event: XlibEvent) throws -> Bool {
        guard exitReason == nil else { return false }
        if selections.clipboard?.handle(event) == true { return true }
        if dragAndDrop.selection?.handle(event) == true { return true }
        guard event.window == window.id else { return false }
        noteUserEventTime(of: event)
        if case .filtered = event.kind { return true }  // the input method took it
        if handleDragInput(event.kind) { return true }  // a drag from the window has the pointer and Escape
        // the text entry takes every key
        if let entry = textEntry, case .keyPress(let keycode, let state, _) = event.kind {
            handleTextEntryKey(entry, keycode: keycode, state: state, typed: event.committedText ?? "")
            return true
        }
        if let (name, modifiers) = keyName(of: event.kind), let keyInterceptor, try keyInterceptor(name, modifiers) {
            return true
        }
        if let overlay, try handOverlay(overlay, event.kind) { return true }
        switch event.kind {
        case .expose:
            // The back buffer still holds the last frame (Xdbe's "copied" swap action, or the Pixmap), but the view
            // does not know which of its pixels the server lost: it draws them all.
            batch.exposed = true
            setNeedsFullFrame()
        case .map:
            isMapped = true
        case .unmap:
            isMapped = false
        case .destroy:
            window.isDestroyed = true
            exitReason = .destroyedByAnotherClient
        case .configure(let width, let height):
            backBuffer.windowDidResize(width: UInt32(clamping: width), height: UInt32(clamping: height))
            batch.size = Size(width: Double(width), height: Double(height))
        case .buttonPress(let pointer):
            if let (name, modifiers) = Self.modifiedWheelName(pointer) {
                try apply(&batch)
                try onKey?(name, modifiers)
            } else if pointer.button == 4 || pointer.button == 5 {
                batch.wheelNotches += pointer.button == 5 ? 1 : -1
            } else if pointer.button == 1 {
                try apply(&batch)
                try send(
                    .pointerDown(
                        viewportPoint(x: pointer.x, y: pointer.y), modifiers: ModifierKeys(xState: pointer.state)))
                // the first click focused the item
                if self.pointer.isDoubleClick(pointer) { try send(.command(.activate)) }
            }
        case .motion(let pointer):
            notePointer(x: pointer.x, y: pointer.y)
            // Without button 1 it is hovering, which only moves the cursor (WaterfallWindow+Cursor.swift).
            guard pointer.state & StateBits.button1 != 0 else { break }
            try apply(&batch)
            try send(.pointerMoved(viewportPoint(x: pointer.x, y: pointer.y)))
        case .buttonRelease(let pointer) where pointer.button == 1:
            try apply(&batch)
            try send(.pointerUp(viewportPoint(x: pointer.x, y: pointer.y)))
        case .keyPress(let keycode, let state, _):
            try apply(&batch)
            let modifiers = ModifierKeys(xState: state)
            // The key's Latin keysym under any layout (ShortcutKeys.swift).
            let keysym = display.shortcutKeys.keysym(keycode: keycode, state: state, on: display)
            switch KeyBinding(keysym: keysym, modifiers: modifiers) {
            case .key(let key)?: try send(.key(key, modifiers: modifiers))
            case .command(let command)?: try send(.command(command))
            case nil:
                guard let onKey, let name = Display.name(ofKeysym: keysym) else { break }
                try onKey(name, modifiers)
            }
        case .clientMessage(let type, let format, let longs):
            if type == display.atoms.wmProtocols, format == 32, longs.first == display.atoms.wmDeleteWindow {
                exitReason = .closedByWindowManager
            } else if format == 32, let message = XdndMessage(type: type, longs: longs, atoms: display.atoms.xdnd) {
                _ = handleDragMessage(message) || handleDropMessage(message)
            }
        case .selectionNotify(let selection, _, let property, _):
            _ = handleDropData(selection: selection, property: property)
        // The pointer entering and leaving decides the cursor only (WaterfallWindow+Cursor.swift).
        case .enter(let x, let y):
            notePointer(x: x, y: y)
        case .leave:
            notePointerLeft()
        default:
            break
        }
        return true
    }

    /// A key press's Latin name under any layout and its modifiers, or a wheel notch's with Control or Alt held
    /// ("WheelUp", "WheelDown"): what `keyInterceptor` is offered; `nil` for any other event.
    func keyName(of kind: XlibEvent.Kind) -> (String, ModifierKeys)? {
        switch kind {
        case .keyPress(let keycode, let state, _):
            let keysym = display.shortcutKeys.keysym(keycode: keycode, state: state, on: display)
            return Display.name(ofKeysym: keysym).map { ($0, ModifierKeys(xState: state)) }
        case .buttonPress(let pointer):
            return Self.modifiedWheelName(pointer)
        default:
            return nil
        }
    }

    /// A wheel notch with Control or Alt held, which zooms rather than scrolls in viewers: named as a key,
    /// "WheelUp" or "WheelDown", with the modifiers.
    static func modifiedWheelName(_ pointer: PointerEvent) -> (String, ModifierKeys)? {
        let modifiers = ModifierKeys(xState: pointer.state)
        guard pointer.button == 4 || pointer.button == 5, !modifiers.isDisjoint(with: [.control, .alt]) else {
            return nil
        }
        return (pointer.button == 4 ? "WheelUp" : "WheelDown", modifiers)
    }

    /// Runs `body` once the next frame is presented, in the same turn: work that must not delay a frame the program
    /// just asked for (decoding what a zoom step showed, say). Without a frame to draw it waits for one.
    public func performAfterNextFrame(_ body: @escaping () -> Void) {
        timers.afterNextFrame.append(body)
    }

    /// Runs `body`, a timer's action; an error it throws is kept and thrown by the turn that ran it.
    func deferringError(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            timers.deferredError = error
        }
    }

    /// Hands `input` to the collection view as the user's (a key a program bound to a view's action, for example),
    /// after the wheel and the size folded so far: the observer hears it as the window's own inputs.
    /// - Throws: `LayoutError` from a refresh's reload or a resize's relayout.
    public func sendInput(_ input: ViewInput) throws {
        try apply(&batch)
        try send(input)
    }

    /// Hands `input` to the collection view, after telling the observer (which may record it: the inputs a window
    /// sends, in order, replay its session without it).
    func send(_ input: ViewInput) throws {
        observer?.window(self, willApply: input)
        try collectionView.apply(input)
    }

    func viewportPoint(x: Int32, y: Int32) -> Point {
        Point(x: Double(x) / scale - viewportFrame.minX, y: Double(y) / scale - viewportFrame.minY)
    }
}

/// What a key does in the window: the keys the collection view handles itself; every other key goes to the
/// program's `onKey`.
enum KeyBinding: Equatable {
    case key(NavigationKey)
    case command(CollectionViewCommand)

    init?(keysym: KeySym, modifiers: ModifierKeys = []) {
        switch keysym {
        case Keysym.escape: self = .key(.cancel)
        case Keysym.a where modifiers.contains(.control): self = .command(.selectAll)
        case Keysym.tab, Keysym.isoLeftTab: self = .key(.tab)
        case Keysym.up, Keysym.keypadUp: self = .key(.up)
        case Keysym.down, Keysym.keypadDown: self = .key(.down)
        case Keysym.left, Keysym.keypadLeft: self = .key(.left)
        case Keysym.right, Keysym.keypadRight: self = .key(.right)
        case Keysym.prior, Keysym.keypadPrior: self = .key(.pageUp)
        case Keysym.next, Keysym.keypadNext: self = .key(.pageDown)
        case Keysym.space: self = .key(.space)
        case Keysym.home, Keysym.keypadHome: self = .key(.home)
        case Keysym.end, Keysym.keypadEnd: self = .key(.end)
        case Keysym.returnKey, Keysym.keypadEnter: self = .command(.activate)
        case Keysym.f5: self = .command(.refresh)
        default: return nil
        }
    }
}

extension ModifierKeys {
    /// The modifiers in an X event's `state` mask (`ShiftMask`, `ControlMask`, `Mod1Mask`).
    init(xState state: UInt32) {
        self = []
        if state & StateBits.shift != 0 { insert(.shift) }
        if state & StateBits.control != 0 { insert(.control) }
        if state & StateBits.alt != 0 { insert(.alt) }
    }
}
