/// The atoms of XDND, the freedesktop.org drag and drop protocol (version 5): its messages, its selection, its
/// properties and the actions it names.
struct XdndAtoms: Equatable {
    let aware: Atom
    let enter: Atom
    let position: Atom
    let status: Atom
    let leave: Atom
    let drop: Atom
    let finished: Atom
    let selection: Atom
    let typeList: Atom
    let actionCopy: Atom
    let actionMove: Atom
    let actionLink: Atom
    let actionPrivate: Atom
    /// The MIME type of a list of URIs (RFC 2483), what a file drag offers and what a drop here asks for.
    let uriList: Atom
    /// The property of the window that a drop's data is converted into.
    let dropData: Atom

    /// Every name interned, in the order `init(_:)` reads them.
    static let names = [
        "XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished",
        "XdndSelection", "XdndTypeList", "XdndActionCopy", "XdndActionMove", "XdndActionLink", "XdndActionPrivate",
        "text/uri-list", "WATERFALL_DROP_DATA",
    ]

    /// The atoms, each looked up by name in what was interned.
    init(_ atom: (String) -> Atom) {
        aware = atom("XdndAware")
        enter = atom("XdndEnter")
        position = atom("XdndPosition")
        status = atom("XdndStatus")
        leave = atom("XdndLeave")
        drop = atom("XdndDrop")
        finished = atom("XdndFinished")
        selection = atom("XdndSelection")
        typeList = atom("XdndTypeList")
        actionCopy = atom("XdndActionCopy")
        actionMove = atom("XdndActionMove")
        actionLink = atom("XdndActionLink")
        actionPrivate = atom("XdndActionPrivate")
        uriList = atom("text/uri-list")
        dropData = atom("WATERFALL_DROP_DATA")
    }
}

/// One XDND client message (format 32, five items), as the freedesktop.org specification lays each out. The source
/// sends Enter, Position, Leave and Drop to the target's window; the target answers with Status and Finished.
enum XdndMessage: Equatable {
    /// The highest version of the protocol spoken here.
    static let version: UInt = 5

    /// The pointer entered the target: the source's window, the version both speak, and its first three types (0 for
    /// none), with `moreTypes` when its `XdndTypeList` property lists more.
    case enter(source: UInt, version: UInt, types: [Atom], moreTypes: Bool)
    /// The pointer is at (`x`, `y`) on the root, at the server `time` of its motion, and the source suggests `action`.
    case position(source: UInt, x: Int, y: Int, time: UInt, action: Atom)
    /// The target's answer to a position: whether it would take a drop there, the `action` it would do, and whether it
    /// wants a position for every motion (else not while the pointer stays in the rectangle it gave, here ignored).
    case status(target: UInt, accepts: Bool, wantsPositions: Bool, action: Atom)
    /// The pointer left the target, or the drag was cancelled.
    case leave(source: UInt)
    /// The button was released over the target: it is to ask for the data with the `time` given.
    case drop(source: UInt, time: UInt)
    /// The target has what it needs (version 5: whether it took the drop and the action it did).
    case finished(target: UInt, accepted: Bool, action: Atom)

    /// The message's type atom.
    func type(_ atoms: XdndAtoms) -> Atom {
        switch self {
        case .enter: atoms.enter
        case .position: atoms.position
        case .status: atoms.status
        case .leave: atoms.leave
        case .drop: atoms.drop
        case .finished: atoms.finished
        }
    }

    /// The five items of the message's `data.l`.
    var longs: [UInt] {
        switch self {
        case .enter(let source, let version, let types, let moreTypes):
            let three = (types + [0, 0, 0]).prefix(3).map { UInt($0) }
            return [source, version << 24 | (moreTypes ? 1 : 0)] + three
        case .position(let source, let x, let y, let time, let action):
            return [source, 0, Self.packed(x, y), time, UInt(action)]
        case .status(let target, let accepts, let wantsPositions, let action):
            return [target, (accepts ? 1 : 0) | (wantsPositions ? 2 : 0), 0, 0, accepts ? UInt(action) : 0]
        case .leave(let source):
            return [source, 0, 0, 0, 0]
        case .drop(let source, let time):
            return [source, 0, time, 0, 0]
        case .finished(let target, let accepted, let action):
            return [target, accepted ? 1 : 0, accepted ? UInt(action) : 0, 0, 0]
        }
    }

    /// The message of `type` with the items `longs`; `nil` when it is no XDND message or is short.
    init?(type: Atom, longs: [UInt], atoms: XdndAtoms) {
        guard longs.count == 5 else { return nil }
        let low32 = longs.map { $0 & 0xFFFF_FFFF }
        switch type {
        case atoms.enter:
            self = .enter(
                source: low32[0], version: low32[1] >> 24, types: low32[2...4].filter { $0 != 0 }.map { Atom($0) },
                moreTypes: low32[1] & 1 != 0)
        case atoms.position:
            self = .position(
                source: low32[0], x: Int(low32[2] >> 16), y: Int(low32[2] & 0xFFFF), time: low32[3],
                action: Atom(low32[4]))
        case atoms.status:
            self = .status(
                target: low32[0], accepts: low32[1] & 1 != 0, wantsPositions: low32[1] & 2 != 0,
                action: Atom(low32[4]))
        case atoms.leave: self = .leave(source: low32[0])
        case atoms.drop: self = .drop(source: low32[0], time: low32[2])
        case atoms.finished:
            self = .finished(target: low32[0], accepted: low32[1] & 1 != 0, action: Atom(low32[2]))
        default: return nil
        }
    }

    /// A root position as one item: x in the high 16 bits, y in the low, each clamped to 0...65535.
    private static func packed(_ x: Int, _ y: Int) -> UInt {
        UInt(min(max(x, 0), 0xFFFF)) << 16 | UInt(min(max(y, 0), 0xFFFF))
    }
}
