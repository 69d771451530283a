/// Reads big- and little-endian numbers from a file's first bytes, bounds-checked: reading past the end throws
/// `PhotoError.truncated` for the format being read.
struct ByteReader {
    let bytes: [UInt8]
    let format: ImageFormat
    /// Where the next read starts.
    var offset = 0

    init(_ bytes: [UInt8], format: ImageFormat) {
        self.bytes = bytes
        self.format = format
    }

    /// How many bytes are left.
    var remaining: Int { bytes.count - offset }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw PhotoError.truncated(format) }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws { _ = try take(count) }

    /// The next byte.
    mutating func uint8() throws -> UInt8 { try take(1).first ?? 0 }

    /// The next 2 bytes, big-endian.
    mutating func uint16BE() throws -> Int { Self.bigEndian(try take(2)) }

    /// The next 4 bytes, big-endian.
    mutating func uint32BE() throws -> Int { Self.bigEndian(try take(4)) }

    /// The next 2 bytes, little-endian.
    mutating func uint16LE() throws -> Int { Self.littleEndian(try take(2)) }

    /// The next 3 bytes, little-endian.
    mutating func uint24LE() throws -> Int { Self.littleEndian(try take(3)) }

    /// The next 4 bytes, little-endian.
    mutating func uint32LE() throws -> Int { Self.littleEndian(try take(4)) }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }
    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reversed().reduce(0) { $0 << 8 | Int($1) } }
}
