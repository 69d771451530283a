/// Taking drops of files from other programs, by XDND version 5 (freedesktop.org): with `onDrop` set, the window says
/// it takes them (`XdndAware`), and `XdndTarget` answers the source. A drag that offers `text/uri-list` is accepted
/// anywhere in the window, as a copy; on the drop the window asks the source for the list and hands the URIs on.
extension WaterfallWindow {
    /// Hears drags over the window and the URIs dropped on it; `nil` (the default) takes no drops. Setting it sets or
    /// removes the window's `XdndAware`.
    public var onDrop: ((DropEvent) -> Void)? {
        get { dragAndDrop.onDrop }
        set {
            dragAndDrop.onDrop = newValue
            let atoms = display.atoms
            if newValue == nil {
                dragAndDrop.target = nil
                display.deleteProperty(atoms.xdnd.aware, of: window.id)
            } else if dragAndDrop.target == nil {
                dragAndDrop.target = XdndTarget(window: window.id, atoms: atoms.xdnd)
                display.changeProperty(
                    atoms.xdnd.aware, of: window.id, type: PredefinedAtom.atom, longs: [Int(XdndMessage.version)])
            }
            display.flush()
        }
    }

    /// Hands an XDND message from a source (Enter, Position, Leave, Drop) to the drop; whether it was one.
    func handleDropMessage(_ message: XdndMessage) -> Bool {
        guard dragAndDrop.target != nil else { return false }
        var types: [Atom] = []
        switch message {
        case .enter(let source, _, let offered, let moreTypes):
            types =
                moreTypes
                ? (display.longProperty(display.atoms.xdnd.typeList, of: source, maximumLongs: 64) ?? []) : offered
        case .position, .leave, .drop: break
        case .status, .finished: return false
        }
        runDrop { $0.received(message, types: types) }
        return true
    }

    /// The source's answer to the drop's conversion: the URIs, or its refusal. Returns whether it was the drop's.
    func handleDropData(selection: Atom, property: Atom) -> Bool {
        let atoms = display.atoms.xdnd
        guard selection == atoms.selection, dragAndDrop.target?.awaitingData == true else { return false }
        var bytes: [UInt8]?
        if property != 0 {
            bytes = display.byteProperty(property, of: window.id, maximumBytes: 1 << 20)
            display.deleteProperty(property, of: window.id)
        }
        runDrop { $0.dataArrived(bytes) }
        return true
    }

    /// Runs one step of the drop's machine and does what it says.
    private func runDrop(_ step: (inout XdndTarget) -> [XdndTarget.Effect]) {
        guard var target = dragAndDrop.target else { return }
        let effects = step(&target)
        dragAndDrop.target = target
        let atoms = display.atoms.xdnd
        for effect in effects {
            switch effect {
            case .send(let message, let source):
                display.sendClientMessage(to: source, type: message.type(atoms), longs: message.longs)
            case .requestData(let time):
                display.convertSelection(
                    atoms.selection, to: atoms.uriList, into: atoms.dropData, of: window.id, time: time)
            case .startTimer:
                if let timer = dragAndDrop.targetTimer { cancel(timer) }
                dragAndDrop.targetTimer = schedule(after: XdndSource.patience) { [unowned self] in
                    dragAndDrop.targetTimer = nil
                    runDrop { $0.timedOut() }
                }
            case .cancelTimer:
                if let timer = dragAndDrop.targetTimer { cancel(timer) }
                dragAndDrop.targetTimer = nil
            case .report(let event):
                dragAndDrop.onDrop?(event)
            }
        }
        display.flush()
    }
}
