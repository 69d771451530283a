/// A TIFF structure (an EXIF block), read bounds-checked in its byte order: the IFDs' entries and their values.
/// Every offset is checked against the block before it is read, and every count is bounded, so a hostile block
/// (offsets out of range, counts of billions) reads as absent values, never as a crash or a long loop. Only the
/// pointers the caller follows are followed (IFD0 to the Exif and GPS IFDs), never the chain of next-IFD links, so
/// IFDs that point at each other cannot make a loop.
struct TIFFStructure {
    /// An IFD's entry: its type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 10 SRATIONAL...), its count, and the
    /// offset of its value field (the value itself when it fits in 4 bytes, else the offset of the value).
    struct Entry {
        var type: Int
        var count: Int
        var valueField: Int
    }

    /// The most entries of one IFD read: a bad count costs nothing.
    static let maximumEntries = 512
    /// The longest text read from an ASCII value.
    static let maximumText = 256

    private let bytes: [UInt8]
    private let isLittleEndian: Bool
    /// The offset of IFD0.
    private(set) var firstIFD: Int

    /// The structure `tiff` holds ("II" or "MM", 42, the offset of IFD0), or `nil` when it is none.
    init?(_ tiff: ArraySlice<UInt8>) {
        bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): isLittleEndian = true   // "II"
        case (0x4D, 0x4D): isLittleEndian = false  // "MM"
        default: return nil
        }
        firstIFD = 0
        guard number(at: 2, size: 2) == 42, let first = number(at: 4, size: 4) else { return nil }
        firstIFD = first
    }

    /// The unsigned number of `size` bytes at `offset`, or `nil` when it lies outside the block.
    func number(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, offset <= bytes.count - size else { return nil }
        let slice = bytes[offset..<(offset + size)]
        return isLittleEndian ? ByteReader.littleEndian(slice) : ByteReader.bigEndian(slice)
    }

    /// The entries of the IFD at `offset`, by tag: at most `maximumEntries`, those that lie in the block.
    func entries(ofIFDAt offset: Int) -> [Int: Entry] {
        guard let count = number(at: offset, size: 2) else { return [:] }
        var entries: [Int: Entry] = [:]
        for index in 0..<min(count, Self.maximumEntries) {
            let entry = offset + 2 + 12 * index
            guard let tag = number(at: entry, size: 2), let type = number(at: entry + 2, size: 2),
                  let values = number(at: entry + 4, size: 4) else { break }
            entries[tag] = Entry(type: type, count: values, valueField: entry + 8)
        }
        return entries
    }

    /// The size in bytes of one value of `type`, or `nil` for a type not read here.
    private static func size(ofType type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 13: 4
        case 5, 10: 8
        default: nil
        }
    }

    /// Where `entry`'s values start: in its value field when they fit in 4 bytes, else at the offset it holds; `nil`
    /// when they do not all lie in the block.
    func valueStart(of entry: Entry) -> Int? {
        guard let size = Self.size(ofType: entry.type), entry.count > 0 else { return nil }
        let length = size * entry.count  // at most 8 × (2^32 − 1): no overflow
        let start = length <= 4 ? entry.valueField : number(at: entry.valueField, size: 4)
        guard let start, start >= 0, length <= bytes.count - start else { return nil }
        return start
    }

    /// An ASCII value, up to its first NUL, trimmed of spaces; `nil` when it is empty, no ASCII, or out of the block.
    func text(_ entry: Entry?) -> String? {
        guard let entry, entry.type == 2, let start = valueStart(of: entry) else { return nil }
        let value = bytes[start..<(start + min(entry.count, Self.maximumText))].prefix { $0 != 0 }
        let text = String(decoding: value, as: UTF8.self).trimmingSpaces
        return text.isEmpty ? nil : text
    }

    /// The `count` bytes at `start` (which lie in the block) as UTF-8, each invalid byte as U+FFFD.
    func string(at start: Int, count: Int) -> String {
        String(decoding: bytes[start..<(start + count)], as: UTF8.self)
    }

    /// The first value of a BYTE, SHORT, LONG or IFD (an offset) entry.
    func integer(_ entry: Entry?) -> Int? {
        guard let entry, [1, 3, 4, 13].contains(entry.type), let start = valueStart(of: entry) else { return nil }
        return number(at: start, size: Self.size(ofType: entry.type) ?? 1)
    }

    /// Value `index` of a RATIONAL or SRATIONAL entry, as numerator and denominator; `nil` when the denominator is 0.
    func rational(_ entry: Entry?, at index: Int = 0) -> ExifRational? {
        guard let entry, entry.type == 5 || entry.type == 10, index >= 0, index < entry.count,
              let start = valueStart(of: entry),
              var numerator = number(at: start + 8 * index, size: 4),
              var denominator = number(at: start + 8 * index + 4, size: 4) else { return nil }
        if entry.type == 10 {  // signed
            numerator = Int(Int32(truncatingIfNeeded: numerator))
            denominator = Int(Int32(truncatingIfNeeded: denominator))
        }
        guard denominator != 0 else { return nil }
        return ExifRational(numerator: numerator, denominator: denominator)
    }
}

extension String {
    /// The text without the spaces at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }
}
