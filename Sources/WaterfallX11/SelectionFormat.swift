/// One more form of a selection's contents, beside its text: a target (such as `text/uri-list`) and the bytes a
/// client that asks for it gets, typed with the target's own atom.
public struct SelectionFormat: Equatable, Sendable {
    /// The target's name, as clients ask for it: a MIME type (`text/uri-list`) or an atom's name.
    public var target: String
    /// The bytes written for the target.
    public var bytes: [UInt8]

    /// `bytes` served as `target`.
    public init(target: String, bytes: [UInt8]) {
        self.target = target
        self.bytes = bytes
    }
}
