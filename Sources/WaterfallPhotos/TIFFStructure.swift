/// A TIFF structure (an EXIF block, or a TIFF file's first IFD), read bounds-checked in its byte order: the IFDs'
/// entries and their values. Classic TIFF (42: 2-byte counts, 12-byte entries, 4-byte offsets) and BigTIFF (43: 8-byte
/// counts, 20-byte entries, 8-byte offsets) alike.
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

    private var bytes: [UInt8]
    /// Where `bytes` start in the structure: 0, or the offset of the piece of a file they are (`window(_:at:)`).
    private var origin = 0
    private let isLittleEndian: Bool
    /// Whether it is a BigTIFF (43), whose counts and offsets are 8 bytes long.
    let isBig: Bool
    /// The offset of IFD0.
    private(set) var firstIFD: Int

    /// The structure `tiff` holds ("II" or "MM", 42 and the 4-byte offset of IFD0, or 43, 8, 0 and its 8-byte offset),
    /// or `nil` when it is none.
    init?(_ tiff: ArraySlice<UInt8>) {
        bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): isLittleEndian = true  // "II"
        case (0x4D, 0x4D): isLittleEndian = false  // "MM"
        default: return nil
        }
        let version = isLittleEndian ? Int(bytes[3]) << 8 | Int(bytes[2]) : Int(bytes[2]) << 8 | Int(bytes[3])
        isBig = version == 43
        firstIFD = 0
        guard version == 42 || version == 43 else { return nil }
        // A BigTIFF's offsets are 8 bytes (its bytes 4 and 5 say so, and 6 and 7 are 0).
        guard !isBig || (number(at: 4, size: 2) == 8 && number(at: 6, size: 2) == 0),
            let first = number(at: isBig ? 8 : 4, size: fieldSize)
        else { return nil }
        firstIFD = first
    }

    /// The same structure read from `piece`, the structure's bytes from `offset` on (an IFD far into a TIFF file):
    /// offsets stay the structure's, and values outside the piece read as absent.
    func window(_ piece: ArraySlice<UInt8>, at offset: Int) -> TIFFStructure {
        var window = self
        window.bytes = Array(piece)
        window.origin = offset
        return window
    }

    /// The size of an IFD's entry count: 2 bytes, 8 in a BigTIFF.
    var entryCountSize: Int { isBig ? 8 : 2 }
    /// The size of an IFD's entry: 12 bytes, 20 in a BigTIFF.
    var entrySize: Int { isBig ? 20 : 12 }
    /// The size of an entry's value count, and of its value field (which holds an offset when the value is longer).
    private var fieldSize: Int { isBig ? 8 : 4 }

    /// The unsigned number of `size` bytes at `offset`, or `nil` when it lies outside the block (or above `Int.max`).
    func number(at offset: Int, size: Int) -> Int? {
        let start = offset &- origin
        guard offset >= origin, size > 0, size <= 8, start <= bytes.count - size else { return nil }
        let slice = bytes[start..<(start + size)]
        guard size < 8 || (isLittleEndian ? slice.last : slice.first).map({ $0 < 0x80 }) == true else { return nil }
        return isLittleEndian ? ByteReader.littleEndian(slice) : ByteReader.bigEndian(slice)
    }

    /// The entries of `tags` in the IFD at `offset`, in the order of `tags` (`nil` for one it lacks; the last one,
    /// where a bad IFD has several), as `entries(ofIFDAt:)` has them, read in one pass without a dictionary of the
    /// others.
    func entries(of tags: [Int], inIFDAt offset: Int) -> [Entry?] {
        var found = [Entry?](repeating: nil, count: tags.count)
        guard let count = number(at: offset, size: entryCountSize) else { return found }
        for index in 0..<min(count, Self.maximumEntries) {
            let entry = offset + entryCountSize + entrySize * index
            guard let entryTag = number(at: entry, size: 2) else { break }
            guard let wanted = tags.firstIndex(of: entryTag) else { continue }
            guard let type = number(at: entry + 2, size: 2), let values = number(at: entry + 4, size: fieldSize)
            else { break }
            found[wanted] = Entry(type: type, count: values, valueField: entry + 4 + fieldSize)
        }
        return found
    }

    /// The entries of the IFD at `offset`, by tag: at most `maximumEntries`, those that lie in the block.
    func entries(ofIFDAt offset: Int) -> [Int: Entry] {
        guard let count = number(at: offset, size: entryCountSize) else { return [:] }
        var entries: [Int: Entry] = [:]
        for index in 0..<min(count, Self.maximumEntries) {
            let entry = offset + entryCountSize + entrySize * index
            guard let tag = number(at: entry, size: 2), let type = number(at: entry + 2, size: 2),
                let values = number(at: entry + 4, size: fieldSize)
            else { break }
            entries[tag] = Entry(type: type, count: values, valueField: entry + 4 + fieldSize)
        }
        return entries
    }

    /// The size in bytes of one value of `type`, or `nil` for a type not read here.
    private static func size(ofType type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 13: 4
        case 5, 10, 16, 17, 18: 8
        default: nil
        }
    }

    /// Where `entry`'s values start: in its value field when they fit in it (4 bytes, 8 in a BigTIFF), else at the
    /// offset it holds; `nil` when they do not all lie in the block.
    func valueStart(of entry: Entry) -> Int? {
        guard let size = Self.size(ofType: entry.type), entry.count > 0 else { return nil }
        let (length, overflow) = size.multipliedReportingOverflow(by: entry.count)  // a BigTIFF's count is 8 bytes
        guard !overflow else { return nil }
        let start = length <= fieldSize ? entry.valueField : number(at: entry.valueField, size: fieldSize)
        guard let start, start >= origin, length <= bytes.count - (start - origin) else { return nil }
        return start
    }

    /// An ASCII value, up to its first NUL, trimmed of spaces; `nil` when it is empty, no ASCII, or out of the block.
    func text(_ entry: Entry?) -> String? {
        guard let entry, entry.type == 2, let start = valueStart(of: entry) else { return nil }
        let value = bytes[(start - origin)..<(start - origin + min(entry.count, Self.maximumText))].prefix { $0 != 0 }
        let text = String(decoding: value, as: UTF8.self).trimmingSpaces
        return text.isEmpty ? nil : text
    }

    /// The `count` bytes at `start` (which lie in the block) as UTF-8, each invalid byte as U+FFFD.
    func string(at start: Int, count: Int) -> String {
        String(decoding: bytes[(start - origin)..<(start - origin + count)], as: UTF8.self)
    }

    /// The first value of a BYTE, SHORT, LONG, IFD (an offset), LONG8 or IFD8 entry.
    func integer(_ entry: Entry?) -> Int? {
        guard let entry, [1, 3, 4, 13, 16, 18].contains(entry.type), let start = valueStart(of: entry) else {
            return nil
        }
        return number(at: start, size: Self.size(ofType: entry.type) ?? 1)
    }

    /// Value `index` of a RATIONAL or SRATIONAL entry, as numerator and denominator; `nil` when the denominator is 0.
    func rational(_ entry: Entry?, at index: Int = 0) -> ExifRational? {
        guard let entry, entry.type == 5 || entry.type == 10, index >= 0, index < entry.count,
            let start = valueStart(of: entry),
            var numerator = number(at: start + 8 * index, size: 4),
            var denominator = number(at: start + 8 * index + 4, size: 4)
        else { return nil }
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
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " })
        else { return "" }
        return String(scalars[first...last])
    }
}
