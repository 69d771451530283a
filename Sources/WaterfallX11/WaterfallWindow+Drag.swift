import Waterfall

/// What the window keeps for drag and drop: the drag from it while one runs, its `XdndSelection`, and the drop onto it
/// (WaterfallWindow+Drop.swift).
struct DragAndDropState {
    /// The drag from the window, from `beginDrag` to its end.
    var drag: RunningDrag?
    /// The owner of `XdndSelection`, made at the first drag and kept: a target may still ask for the data of a drag
    /// that ended, as GTK does after a slow drop.
    var selection: SelectionOwner?
    /// The drop onto the window, while `onDrop` is set.
    var target: XdndTarget?
    var targetTimer: TimerToken?
    var onDrop: ((DropEvent) -> Void)?
}

/// A drag from the window while it runs.
struct RunningDrag {
    var source: XdndSource
    var timer: TimerToken?
    /// The window that shows the dragged picture beside the pointer, if there is a picture.
    var pictureWindow: UInt?
    /// Whether the keyboard is the drag's (for Escape).
    var keyboardGrabbed: Bool
}

/// Dragging files from the window into other programs, by XDND version 5 (freedesktop.org), as file managers do.
///
/// The window owns `XdndSelection` with the offer (as `SelectionOwner` serves the CLIPBOARD) and follows the pointer,
/// which the press that began the drag holds for it (the server's grab of a press: its motion and release come here
/// wherever it goes). Over a window that takes drops (`XdndAware`) it speaks XDND with it through `XdndSource`; the
/// cursor says whether that window would take the drop (`plus`) or not (`circle`), and a small copy of the dragged
/// picture follows the pointer. Escape (the keyboard is grabbed meanwhile) cancels. A target that does not answer
/// within `XdndSource.patience` seconds is taken as refusing: nothing here waits for it.
extension WaterfallWindow {
    /// How far from the pointer the dragged picture's top-left corner is: below and right of it, so that the
    /// picture is never the window found under the pointer.
    static let dragPictureOffset = 16

    /// The dragged picture's longer side, in pixels at scale 1.
    static let dragPictureSide = 96.0

    /// Begins a drag of `text` and `formats` (as `clipboard.own(_:formats:at:)` takes them: `text/uri-list` is what
    /// file managers, browsers and editors take), with `picture` (a picture of `addImage`) beside the pointer. Call
    /// it while the pointer's button is held, from the collection view's `beginDragFromItemAt` (the motion that
    /// crossed the threshold). The drag's progress and end come to `onDragEvent`. Returns `false`, and does nothing,
    /// when a drag runs already, no button event came before, or the server refused `XdndSelection`.
    @discardableResult
    public func beginDrag(_ text: String, formats: [SelectionFormat], picture: ImageHandle?) -> Bool {
        guard dragAndDrop.drag == nil, let time = lastUserEventTime else { return false }
        let owner = dragAndDrop.selection ?? makeDragSelection()
        guard owner.own(text, formats: formats, at: time) else { return false }
        let atoms = display.atoms
        let types = display.internAtoms(formats.map(\.target)) + [atoms.utf8String]
        display.changeProperty(
            atoms.xdnd.typeList, of: window.id, type: PredefinedAtom.atom, longs: types.map { Int(bitPattern: $0) })
        let keyboard = display.grabKeyboard(for: window.id, time: XTimestamp(time.milliseconds))
        dragAndDrop.drag = RunningDrag(
            source: XdndSource(source: window.id, types: types, atoms: atoms.xdnd),
            pictureWindow: picture.flatMap(makeDragPictureWindow), keyboardGrabbed: keyboard)
        display.defineCursor(cursors.dragCursor(accepts: false), of: window.id)
        display.flush()
        onDragEvent?(.started)
        return true
    }

    /// Whether a drag from the window runs.
    public var isDragging: Bool { dragAndDrop.drag != nil }

    /// The drag's pointer and keys, while one runs: motion moves it, the release drops it, Escape cancels it. Returns
    /// whether the event was the drag's.
    func handleDragInput(_ kind: XlibEvent.Kind) -> Bool {
        guard dragAndDrop.drag != nil else { return false }
        switch kind {
        case .motion(let pointer):
            if let picture = dragAndDrop.drag?.pictureWindow {
                display.moveAndShow(
                    picture, x: Int(pointer.rootX) + Self.dragPictureOffset,
                    y: Int(pointer.rootY) + Self.dragPictureOffset)
            }
            let found = display.dropTarget(atRootX: Int(pointer.rootX), y: Int(pointer.rootY))
            // This window is no target of its own drags.
            let target = found.flatMap {
                $0.window == window.id
                    ? nil : XdndSource.Target(window: $0.window, version: min($0.version, XdndMessage.version))
            }
            runDrag { $0.moved(over: target, x: Int(pointer.rootX), y: Int(pointer.rootY), time: pointer.time) }
        case .buttonRelease(let pointer) where pointer.button == 1:
            runDrag { $0.released(time: pointer.time) }
        case .buttonPress, .buttonRelease, .keyRelease:
            break
        case .keyPress(let keycode, let state, _):
            let keysym = display.shortcutKeys.keysym(keycode: keycode, state: state, on: display)
            if Display.name(ofKeysym: keysym) == "Escape" { runDrag { $0.cancel() } }
        default:
            return false
        }
        return true
    }

    /// Hands an XDND message from a target (a Status or a Finished) to the drag; whether it was one.
    func handleDragMessage(_ message: XdndMessage) -> Bool {
        guard dragAndDrop.drag != nil else { return false }
        switch message {
        case .status, .finished:
            runDrag { $0.received(message) }
            return true
        default:
            return false
        }
    }

    /// Runs one step of the drag's machine and does what it says.
    private func runDrag(_ step: (inout XdndSource) -> [XdndSource.Effect]) {
        guard var drag = dragAndDrop.drag else { return }
        let effects = step(&drag.source)
        dragAndDrop.drag = drag
        for effect in effects {
            switch effect {
            case .send(let message, let target):
                display.sendClientMessage(to: target, type: message.type(display.atoms.xdnd), longs: message.longs)
            case .cursor(let accepts):
                display.defineCursor(cursors.dragCursor(accepts: accepts), of: window.id)
            case .startTimer:
                if let timer = dragAndDrop.drag?.timer { cancel(timer) }
                dragAndDrop.drag?.timer = schedule(after: XdndSource.patience) { [unowned self] in
                    dragAndDrop.drag?.timer = nil
                    runDrag { $0.timedOut() }
                }
            case .cancelTimer:
                if let timer = dragAndDrop.drag?.timer { cancel(timer) }
                dragAndDrop.drag?.timer = nil
            case .report(let event):
                if case .ended = event { endDrag() }
                onDragEvent?(event)
            }
        }
        display.flush()
    }

    /// Lets go of what the drag held: the keyboard, the picture's window, the drag's cursor.
    private func endDrag() {
        guard let drag = dragAndDrop.drag else { return }
        dragAndDrop.drag = nil
        if let timer = drag.timer { cancel(timer) }
        if drag.keyboardGrabbed { display.ungrabKeyboard(time: 0) }
        if let picture = drag.pictureWindow { display.destroyWindow(picture) }
        display.defineCursor(cursors.cursor(for: cursorShape), of: window.id)
    }

    /// The owner of `XdndSelection`, made at the first drag.
    private func makeDragSelection() -> SelectionOwner {
        let owner = makeSelectionOwner("XdndSelection")
        dragAndDrop.selection = owner
        return owner
    }

    /// The window of the dragged picture: `picture` scaled to `dragPictureSide` pixels (times the scale) on its longer
    /// side; `nil` when the picture is no longer held.
    private func makeDragPictureWindow(_ picture: ImageHandle) -> UInt? {
        guard let source = renderer.images.renderPicture(of: picture), picture.width > 0, picture.height > 0 else {
            return nil
        }
        let side = Self.dragPictureSide * scale
        let fit = min(side / Double(picture.width), side / Double(picture.height), 1)
        return display.createDragPictureWindow(
            picture: source, pictureSize: (picture.width, picture.height),
            size: (
                UInt32(max(1, (Double(picture.width) * fit).rounded())),
                UInt32(max(1, (Double(picture.height) * fit).rounded()))
            ))
    }
}
