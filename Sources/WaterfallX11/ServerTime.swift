/// An X server timestamp, as X events carry them: milliseconds on the server's clock, wrapping around every 2^32 ms
/// (about 49.7 days). Never `CurrentTime` (0), which is not a time but a request to use the server's "now".
public struct ServerTime: Hashable, Sendable, CustomStringConvertible {
    /// The timestamp's value.
    public let milliseconds: UInt32

    /// The time `milliseconds`; `nil` for 0, which X reserves for `CurrentTime`.
    public init?(milliseconds: UInt32) {
        guard milliseconds != 0 else { return nil }
        self.milliseconds = milliseconds
    }

    /// The time in an Xlib `Time` field (the protocol's 32 bits in an `unsigned long`); `nil` for `CurrentTime`.
    init?(_ time: XTimestamp) {
        self.init(milliseconds: UInt32(truncatingIfNeeded: time))
    }

    /// Whether this time comes before `other` on the server's wrapping clock: times less than 2^31 ms (24.8 days)
    /// apart compare as the X server compares them.
    public func isBefore(_ other: ServerTime) -> Bool {
        Int32(bitPattern: milliseconds &- other.milliseconds) < 0
    }

    public var description: String { "\(milliseconds) ms" }
}
