/// A fuzz input read as a stream of small choices. Past the end every choice is the first one, so any input,
/// the empty one too, decodes to something; a mutation of one byte changes one choice.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        self.bytes = Array(bytes)
    }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number from 0 to `count - 1` (from one byte, or two when `count` is above 256).
    mutating func choice(_ count: Int) -> Int {
        let raw = count > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return raw % count
    }

    /// One of `values`, the first when the input has ended.
    mutating func pick<T>(_ values: [T]) -> T {
        values[choice(values.count)]
    }

    /// `true` for an odd byte.
    mutating func flag() -> Bool {
        byte() & 1 == 1
    }
}
