/// What a drop onto a window does, as its program hears it (`WaterfallWindow.onDrop`).
public enum DropEvent: Equatable, Sendable {
    /// A drag came over the window: whether it offers what the window takes (`text/uri-list`).
    case entered(acceptable: Bool)
    /// The drag left the window, or was cancelled over it.
    case left
    /// The drag was dropped on the window: the URIs it carried, in order (RFC 2483's list, comments dropped).
    case dropped(uris: [String])
    /// The drop came, but its data did not: the source refused it, or took longer than `XdndSource.patience`.
    case failed
}

/// The target side of XDND (freedesktop.org, version 5) as a state machine without a display: told the messages a
/// source sends and the data it converts, it answers with what to send and do (`WaterfallWindow+Drop.swift` does
/// it). A drag that offers `text/uri-list` is accepted anywhere in the window with XdndActionCopy: the files are
/// opened, never moved. Anything else is refused, and its drop finished at once.
struct XdndTarget {
    /// What the machine asks the window to do.
    enum Effect: Equatable {
        case send(XdndMessage, to: UInt)
        /// Ask the source for `XdndSelection` as `text/uri-list` with the drop's `time`, and call `dataArrived(_:)`.
        case requestData(time: UInt)
        /// Call `timedOut()` after `XdndSource.patience` seconds, unless `cancelTimer` comes first.
        case startTimer
        case cancelTimer
        case report(DropEvent)
    }

    /// The window that takes drops.
    let window: UInt
    let atoms: XdndAtoms
    /// The source of the drag over the window, while there is one.
    private(set) var source: UInt?
    /// Whether that drag offers a list of URIs.
    private(set) var acceptable = false
    /// Whether the data of a drop is awaited.
    private(set) var awaitingData = false

    init(window: UInt, atoms: XdndAtoms) {
        self.window = window
        self.atoms = atoms
    }

    /// A message came to the window: `types` are what the source offers (those of an Enter, or of the source's
    /// `XdndTypeList` when the Enter says there are more than three); ignored for other messages.
    mutating func received(_ message: XdndMessage, types: [Atom] = []) -> [Effect] {
        switch message {
        case .enter(let from, let version, _, _):
            guard version >= 3, !awaitingData else { return [] }
            source = from
            acceptable = types.contains(atoms.uriList)
            return [.report(.entered(acceptable: acceptable))]
        case .position(let from, _, _, _, _) where from == source && !awaitingData:
            return [
                .send(
                    .status(target: window, accepts: acceptable, wantsPositions: true, action: atoms.actionCopy),
                    to: from)
            ]
        case .leave(let from) where from == source && !awaitingData:
            source = nil
            return [.report(.left)]
        case .drop(let from, let time) where from == source && !awaitingData:
            guard acceptable else {
                source = nil
                return [.send(.finished(target: window, accepted: false, action: 0), to: from), .report(.failed)]
            }
            awaitingData = true
            return [.requestData(time: time), .startTimer]
        default:
            return []
        }
    }

    /// The drop's data came (`nil`: the source refused the conversion): the Finished, and the URIs for the program.
    mutating func dataArrived(_ bytes: [UInt8]?) -> [Effect] {
        guard awaitingData, let from = source else { return [] }
        awaitingData = false
        source = nil
        let uris = bytes.map(Self.uris(inList:)) ?? []
        let took = !uris.isEmpty
        return [
            .cancelTimer,
            .send(.finished(target: window, accepted: took, action: took ? atoms.actionCopy : 0), to: from),
            .report(took ? .dropped(uris: uris) : .failed),
        ]
    }

    /// The drop's data did not come in time.
    mutating func timedOut() -> [Effect] { dataArrived(nil) }

    /// The URIs of a `text/uri-list` (RFC 2483): one a line, lines ended by CRLF (or LF alone, as some write them),
    /// `#` lines are comments, empty lines skipped.
    static func uris(inList bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

extension Substring {
    /// The text without the characters of `set` at its ends.
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = self[...]
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
