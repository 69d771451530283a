/// Reads the two EXIF fields the wall uses from a TIFF structure (the body of a JPEG's `Exif` APP1 segment, a PNG's
/// `eXIf` chunk or a WebP's `EXIF` chunk), in either byte order: the Orientation of IFD0 (tag 0x0112) and the
/// DateTimeOriginal of the Exif IFD (tag 0x9003, through IFD0's pointer 0x8769). Anything malformed reads as absent:
/// a bad EXIF block never makes a photo unreadable.
enum ExifReader {
    /// The most of an EXIF block that is read: 64 KB, all that a JPEG's APP1 segment holds. A longer block (a PNG's
    /// or WebP's may be) is read up to there; the fields read lie there in the blocks cameras and editors write.
    static let readLimit = 65_536

    /// The orientation and date a TIFF structure names; `.up` and `nil` where it names none or is malformed.
    static func read(_ tiff: ArraySlice<UInt8>) -> (orientation: ExifOrientation, dateTaken: String?) {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return (.up, nil) }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true   // "II"
        case (0x4D, 0x4D): littleEndian = false  // "MM"
        default: return (.up, nil)
        }
        func number(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size > 0, offset + size <= bytes.count else { return nil }
            let slice = bytes[offset..<(offset + size)]
            return littleEndian ? ByteReader.littleEndian(slice) : ByteReader.bigEndian(slice)
        }
        guard number(at: 2, size: 2) == 42, let ifd0 = number(at: 4, size: 4) else { return (.up, nil) }
        let entries = Self.entries(ofIFDAt: ifd0, number: number)
        let orientation = entries[0x0112].flatMap { entry -> ExifOrientation? in
            entry.type == 3 ? number(at: entry.valueOffset, size: 2).flatMap(ExifOrientation.init(rawValue:)) : nil
        } ?? .up
        var date: String?
        if let pointer = entries[0x8769], let exifIFD = number(at: pointer.valueOffset, size: 4),
           let entry = Self.entries(ofIFDAt: exifIFD, number: number)[0x9003], entry.type == 2, entry.count >= 19 {
            let start = entry.count > 4 ? number(at: entry.valueOffset, size: 4) ?? -1 : entry.valueOffset
            if start >= 0, start + 19 <= bytes.count {
                date = String(decoding: bytes[start..<(start + 19)], as: UTF8.self)
            }
        }
        return (orientation, date)
    }

    /// An IFD's entry: its type (3 SHORT, 4 LONG, 2 ASCII...), count, and the offset of its value field (the value
    /// itself when it fits in 4 bytes, else the offset of the value).
    private struct Entry {
        var type: Int
        var count: Int
        var valueOffset: Int
    }

    /// The entries of the IFD at `offset`, by tag: at most 512 of them, so a bad count costs nothing.
    private static func entries(ofIFDAt offset: Int, number: (Int, Int) -> Int?) -> [Int: Entry] {
        guard let count = number(offset, 2) else { return [:] }
        var entries: [Int: Entry] = [:]
        for index in 0..<min(count, 512) {
            let entry = offset + 2 + 12 * index
            guard let tag = number(entry, 2), let type = number(entry + 2, 2), let values = number(entry + 4, 4) else { break }
            entries[tag] = Entry(type: type, count: values, valueOffset: entry + 8)
        }
        return entries
    }
}
