/// Owns one selection (such as CLIPBOARD) for a window and serves a text, and any further formats given with it
/// (such as `text/uri-list`), to the clients that ask for it, as ICCCM section 2 describes and xclip, st and GTK do.
///
/// `own(_:formats:at:)` takes the selection with the timestamp of the user's event (never `CurrentTime`) and checks
/// with the server that it was taken. Every `SelectionRequest` gets a `SelectionNotify`: the targets TARGETS (the list below),
/// TIMESTAMP (the time the selection was taken, INTEGER), UTF8_STRING (the text's UTF-8) and STRING (ISO Latin-1,
/// other characters as `?`, see `SelectionText.latin1(_:)`) are written to the property the requestor named (to the
/// target's own atom for an obsolete requestor that named none); each further format's target (listed after those)
/// gets its bytes, typed with the target's own atom, as GTK and Qt write MIME targets; any other target, a request
/// from before the selection was taken or one that arrives after it was lost is refused with the property None. MULTIPLE (ICCCM
/// 2.6.2) converts each (target, property) pair its property lists, in order, and writes the list back with None as
/// the property of each pair that failed.
///
/// Text larger than `chunkSize` goes by INCR (ICCCM 2.7.2): the property gets type INCR and the size, the requestor's
/// window is watched (PropertyChangeMask and StructureNotifyMask), each deletion of the property brings the next
/// chunk and a zero-length chunk ends the transfer. Transfers to several requestors (or properties) run side by side;
/// one ends early when its requestor's window is destroyed, when the same requestor and property start another, or
/// when the requestor takes `transferTimeout` seconds to ask for the next chunk. Requests to a window that is gone
/// fail with BadWindow, which the backend's error handler reports on stderr and survives.
///
/// A `SelectionClear` drops the ownership and the text (another client took the selection); transfers already
/// running finish, as ICCCM 2.3.2 asks. The window's event loop hands this object its events; it runs on the loop's
/// thread only. One owner per connection: the windows of requestors it watches are its own to select events on.
public final class SelectionOwner {
    /// What happened to the selection, for a program's log.
    public enum Event: Equatable, Sendable {
        /// A request was answered: `target` converted into `bytes` bytes (as they go on the wire: 4 per atom or
        /// integer), written at once, or (`incremental`) announced as an INCR transfer. Each pair of a MULTIPLE
        /// request is answered or refused on its own, before the MULTIPLE (whose bytes are its pairs').
        case answered(target: String, bytes: Int, incremental: Bool)
        /// A request was refused with the property None: a target not offered, a request from before the selection
        /// was taken or after it was lost, a MULTIPLE without pairs, or an INCR transfer to the owner's own window.
        case refused(target: String)
        /// An INCR transfer ended after `bytesSent` bytes of its data: all of them (`.completed`), or not.
        case transferEnded(target: String, bytesSent: Int, end: TransferEnd)
        /// Another client took the selection (`SelectionClear`): requests are refused from now on.
        case lost
    }

    /// How an INCR transfer ended.
    public enum TransferEnd: String, Sendable {
        /// Every chunk and the final zero-length one were written.
        case completed
        /// The requestor's window was destroyed (DestroyNotify).
        case requestorDestroyed
        /// The requestor did not delete the property within `transferTimeout` seconds.
        case timedOut
        /// The same requestor asked again into the same property before the transfer ended.
        case replaced
    }

    /// The targets answered, in the order TARGETS lists them.
    public static let targetNames = ["TARGETS", "MULTIPLE", "TIMESTAMP", "UTF8_STRING", "STRING"]

    /// The selection's name, such as "CLIPBOARD".
    public let selectionName: String
    /// The text served, while the selection is owned.
    public private(set) var text: String?
    /// The further formats served with the text, while the selection is owned.
    public private(set) var formats: [SelectionFormat] = []
    /// When the selection was taken (the TIMESTAMP target), while it is owned.
    public private(set) var ownershipTime: ServerTime?
    /// Hears about answered and refused requests, INCR transfers and the loss of the selection.
    public var onEvent: ((Event) -> Void)?
    /// How long an INCR transfer waits for the requestor to delete the property before it is dropped, in seconds
    /// (GTK waits 30 s too).
    public var transferTimeout: Double = 30
    /// The largest property the server takes in one ChangeProperty request, in bytes: its maximum request size
    /// (`XExtendedMaxRequestSize`, else `XMaxRequestSize`, in 4-byte units) less the request's 24-byte header.
    public let largestPropertySize: Int
    /// The most bytes written into a property at once; a larger text goes by INCR. 64 KiB by default, or a quarter
    /// of `largestPropertySize` when that is smaller, as xclip and ICCCM 2.5 count a selection as large: one chunk
    /// never holds up the server, or the requestor, for long. Clamped to 1...`largestPropertySize`.
    public var chunkSize: Int {
        didSet { chunkSize = min(max(1, chunkSize), largestPropertySize) }
    }

    let display: Display
    /// The owner window.
    let window: UInt
    let atoms: Atoms
    /// The text's UTF-8 and (made at the first STRING request) Latin-1 bytes.
    var utf8: [UInt8] = []
    var latin1: [UInt8]?
    /// The atoms of the further formats' targets, one for each of `formats`, in the order TARGETS lists them.
    var formatAtoms: [Atom] = []
    /// The INCR transfers in progress, by requestor window and property.
    var transfers: [TransferKey: Transfer] = [:]
    /// The requestor windows whose events are selected, with the number of transfers to each.
    var watchedWindows: [UInt: Int] = [:]
    /// Requestor windows no longer watched, with the serial of the request that stopped it: their events with an
    /// older serial were sent before the server handled that request and may still come in.
    var retiredWindows: [UInt: UInt] = [:]
    let scheduleTimer: (Double, @escaping () -> Void) -> TimerToken
    let cancelTimer: (TimerToken) -> Void

    struct Atoms {
        let selection: Atom
        let targets: Atom
        let multiple: Atom
        let atomPair: Atom
        let timestamp: Atom
        let utf8String: Atom
        let incr: Atom
    }

    /// An owner of `selection` for `window`, with the timers of the window's event loop. Interns its atoms (one
    /// round trip).
    init(
        selection: String, display: Display, window: UInt,
        schedule: @escaping (Double, @escaping () -> Void) -> TimerToken, cancel: @escaping (TimerToken) -> Void
    ) {
        selectionName = selection
        self.display = display
        self.window = window
        scheduleTimer = schedule
        cancelTimer = cancel
        let interned = display.internAtoms([
            selection, "TARGETS", "MULTIPLE", "ATOM_PAIR", "TIMESTAMP", "UTF8_STRING", "INCR",
        ])
        atoms = Atoms(
            selection: interned[0], targets: interned[1], multiple: interned[2], atomPair: interned[3],
            timestamp: interned[4], utf8String: interned[5], incr: interned[6])
        largestPropertySize = max(1, display.maximumRequestLength * 4 - 24)
        chunkSize = min(65_536, max(1, largestPropertySize / 4))
    }

    /// Whether this window owns the selection, as far as the events read so far tell (no round trip).
    public var ownsSelection: Bool { ownershipTime != nil }

    /// The INCR transfers in progress.
    public var transfersInProgress: Int { transfers.count }

    /// Takes the selection for this window with `text` and further `formats`, at `time`: the timestamp of the user's
    /// event that asked for it (a key press), never `CurrentTime` (ICCCM 2.1). Calls `XSetSelectionOwner`, then
    /// `XGetSelectionOwner` to check that the server took it (it ignores a time older than the selection's last
    /// change): one round trip, and one more to intern the formats' targets when there are any.
    /// - Returns: whether the window owns the selection with `text` now. When it does not, nothing changed here.
    @discardableResult
    public func own(_ text: String, formats: [SelectionFormat] = [], at time: ServerTime) -> Bool {
        // the server would keep the newer ownership
        if let owned = ownershipTime, time.isBefore(owned) { return false }
        let textTargets = Set(Self.targetNames)
        let formats = formats.filter { !textTargets.contains($0.target) }  // the text's own targets stay the text's
        let interned = formats.isEmpty ? [] : display.internAtoms(formats.map(\.target))
        display.setSelectionOwner(atoms.selection, to: window, at: time)
        guard display.selectionOwner(atoms.selection) == window else { return false }
        self.text = text
        self.formats = formats
        formatAtoms = interned
        utf8 = Array(text.utf8)
        latin1 = nil
        ownershipTime = time
        return true
    }

    /// Handles `event` when it is this selection's: a request, the loss of the selection, or an event on the window
    /// of a requestor it watches. Returns whether it was one (the window's own events never are).
    func handle(_ event: XlibEvent) -> Bool {
        switch event.kind {
        case .selectionRequest(let request):
            guard request.owner == window, request.selection == atoms.selection else { return false }
            answer(request)
            return true
        case .selectionClear(let selection, let time):
            guard event.window == window, selection == atoms.selection else { return false }
            lose(changedAt: time)
            return true
        default:
            return handleRequestorEvent(event)
        }
    }

    /// Answers a request with its property, or None when refused, and a SelectionNotify.
    private func answer(_ request: ConversionRequest) {
        // ICCCM 2.2: a requestor that names no property is an obsolete client; the target's atom is the property then.
        let property = request.property != 0 ? request.property : request.target
        let target = request.target
        var answered: Answer?
        if let owned = ownershipTime, isWithinOwnership(request.time, since: owned) {
            if target == atoms.multiple {
                // A MULTIPLE request names its property: an obsolete requestor's cannot hold the pairs.
                answered = request.property == 0 ? nil : convertPairs(in: property, of: request.requestor, owned: owned)
            } else {
                answered = convert(target, into: property, of: request.requestor, owned: owned)
            }
        }
        display.sendSelectionNotify(answering: request, property: answered == nil ? 0 : property)
        display.flush()
        report(target, answered)
    }

    /// What a conversion wrote: its size in bytes (as they go on the wire: 4 per atom or integer), and whether it
    /// goes by INCR.
    typealias Answer = (bytes: Int, incremental: Bool)

    /// Converts the selection to `target` into the requestor's `property`. Returns what was written, or `nil` for a
    /// target not offered (or an INCR transfer to the owner's own window).
    func convert(_ target: Atom, into property: Atom, of requestor: UInt, owned: ServerTime) -> Answer? {
        switch target {
        case atoms.targets:
            let targets =
                [atoms.targets, atoms.multiple, atoms.timestamp, atoms.utf8String, PredefinedAtom.string] + formatAtoms
            changeProperty(property, on: requestor, type: PredefinedAtom.atom, longs: targets.map { Int($0) })
            return (4 * targets.count, false)
        case atoms.timestamp:
            changeProperty(property, on: requestor, type: PredefinedAtom.integer, longs: [Int(owned.milliseconds)])
            return (4, false)
        case atoms.utf8String:
            return send(utf8, type: atoms.utf8String, target: target, to: requestor, property: property)
        case PredefinedAtom.string:
            let bytes = latin1 ?? SelectionText.latin1(text ?? "")
            latin1 = bytes
            return send(bytes, type: PredefinedAtom.string, target: target, to: requestor, property: property)
        default:
            guard let index = formatAtoms.firstIndex(of: target) else { return nil }
            return send(formats[index].bytes, type: target, target: target, to: requestor, property: property)
        }
    }

    /// Tells `onEvent` how the conversion to `target` went.
    func report(_ target: Atom, _ answer: Answer?) {
        guard let onEvent else { return }
        if let answer {
            onEvent(.answered(target: name(of: target), bytes: answer.bytes, incremental: answer.incremental))
        } else {
            onEvent(.refused(target: name(of: target)))
        }
    }

    /// Whether a request made at `time` falls within the ownership that began at `owned`: `CurrentTime` always does,
    /// an earlier time does not (ICCCM 2.2).
    private func isWithinOwnership(_ time: XTimestamp, since owned: ServerTime) -> Bool {
        guard let requested = ServerTime(time) else { return true }
        return !requested.isBefore(owned)
    }

    /// Writes `bytes` of `type` into the requestor's property, at once or by starting an INCR transfer. Returns what
    /// was answered, or `nil` (refused) for an INCR transfer to the owner's own window, whose event mask this
    /// object must not replace.
    private func send(_ bytes: [UInt8], type: Atom, target: Atom, to requestor: UInt, property: Atom) -> Answer? {
        if bytes.count <= chunkSize {
            changeProperty(property, on: requestor, type: type, bytes: bytes[...])
            return (bytes.count, false)
        }
        guard requestor != window else { return nil }
        startTransfer(bytes, type: type, target: target, to: requestor, property: property)
        return (bytes.count, true)
    }

    /// Drops the ownership after a SelectionClear, unless the selection was taken again since the change it reports.
    private func lose(changedAt time: XTimestamp) {
        guard let owned = ownershipTime else { return }
        // a stale clear from before the last own()
        if let changed = ServerTime(time), changed.isBefore(owned) { return }
        ownershipTime = nil
        text = nil
        formats = []
        formatAtoms = []
        utf8 = []
        latin1 = nil
        onEvent?(.lost)
    }

    /// Replaces the requestor's `property` with `bytes` in format 8.
    func changeProperty(_ property: Atom, on requestor: UInt, type: Atom, bytes: ArraySlice<UInt8>) {
        display.changeProperty(property, of: requestor, type: type, bytes: bytes)
    }

    /// Replaces the requestor's `property` with `longs` in format 32.
    func changeProperty(_ property: Atom, on requestor: UInt, type: Atom, longs: [Int]) {
        display.changeProperty(property, of: requestor, type: type, longs: longs)
    }

    /// The name of `atom`, for `onEvent`: the targets' own and the formats', else `XGetAtomName` (a round trip, for
    /// refused targets).
    func name(of atom: Atom) -> String {
        switch atom {
        case atoms.targets: return "TARGETS"
        case atoms.multiple: return "MULTIPLE"
        case atoms.timestamp: return "TIMESTAMP"
        case atoms.utf8String: return "UTF8_STRING"
        case PredefinedAtom.string: return "STRING"
        default:
            if let index = formatAtoms.firstIndex(of: atom) { return formats[index].target }
            return display.atomName(atom) ?? "atom \(atom)"
        }
    }
}
