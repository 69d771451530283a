/// Where a JPEG's EXIF orientation lies, found by walking its segments by their lengths up to the image data
/// (reading only their first bytes and the `Exif` APP1 segment's body): what a saved rotation changes.
struct JPEGExifLayout {
    /// Where the first `Exif` APP1 segment lies in the file (its marker included), and its TIFF structure's bytes.
    var exif: (segment: Range<Int>, tiff: [UInt8])?
    /// Where a new `Exif` APP1 segment goes when there is none: after SOI and the APP0 segments (JFIF) that follow it.
    var insertionPoint: Int
    /// Where the first segment that is not an application segment (APP0 to APP15) or a comment starts: the bytes
    /// from here on are the picture's (tables, frame, scans), never changed by a rotation.
    var pictureStart: Int

    /// The bytes of a file at an offset: `count` of them, fewer at its end.
    typealias Read = (_ offset: Int, _ count: Int) throws -> [UInt8]

    static let exifSignature = Array("Exif".utf8) + [0, 0]

    /// The layout of the JPEG read by `read`.
    /// - Throws: `JPEGExifLayout.Malformed` naming what is wrong, and what `read` throws.
    init(read: Read) throws {
        guard try read(0, 2) == [0xFF, 0xD8] else { throw Malformed("no JPEG start") }
        var offset = 2
        var insertionPoint: Int?
        var exif: (segment: Range<Int>, tiff: [UInt8])?
        while true {
            let head = try read(offset, 4)
            guard head.count == 4, head[0] == 0xFF else {
                throw Malformed("no marker where one belongs, at byte \(offset)")
            }
            let marker = head[1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // a fill byte
            if insertionPoint == nil, marker != 0xE0 { insertionPoint = offset }
            guard (0xE0...0xEF).contains(marker) || marker == 0xFE else { break }  // application segments and comments
            let length = Int(head[2]) << 8 | Int(head[3])
            guard length >= 2 else { throw Malformed("a segment of length \(length), at byte \(offset)") }
            if marker == 0xE1, exif == nil, length - 2 > Self.exifSignature.count {
                let body = try read(offset + 4, length - 2)
                guard body.count == length - 2 else { throw Malformed("a segment cut short, at byte \(offset)") }
                if body.starts(with: Self.exifSignature) {
                    exif = (offset..<(offset + 2 + length), Array(body.dropFirst(Self.exifSignature.count)))
                }
            }
            offset += 2 + length
        }
        self.exif = exif
        self.insertionPoint = insertionPoint ?? offset
        pictureStart = offset
    }

    /// Why a JPEG's segments cannot be walked.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Where the orientation's value (2 bytes) lies in the file, and the orientation it holds, when IFD0 has the tag
    /// as EXIF defines it (one SHORT); `nil` when it has none.
    /// - Throws: `Malformed` when the EXIF block is no TIFF structure or the tag is not one SHORT.
    func orientationTag() throws -> (offset: Int, orientation: ExifOrientation, littleEndian: Bool)? {
        guard let exif else { return nil }
        guard let structure = TIFFStructure(exif.tiff[...]), !structure.isBig else {
            throw Malformed("an EXIF block that is no TIFF structure")
        }
        guard let entry = structure.entries(ofIFDAt: structure.firstIFD)[ExifTag.orientation] else { return nil }
        guard entry.type == 3, entry.count == 1, let value = structure.number(at: entry.valueField, size: 2) else {
            throw Malformed("an EXIF orientation tag that is not one number")
        }
        let offset = exif.segment.lowerBound + 4 + Self.exifSignature.count + entry.valueField
        return (offset, ExifOrientation(rawValue: value) ?? .up, exif.tiff.first == UInt8(ascii: "I"))
    }

    /// The `Exif` APP1 segment that replaces the file's (or is inserted) to hold `orientation`: the old TIFF structure
    /// kept whole, with a copy of its IFD0 appended that has the orientation entry added in tag order, and the
    /// header's IFD0 offset pointed at the copy (every other offset stays valid, nothing moves); a minimal structure
    /// (big-endian, IFD0 with the one entry) when the file has no EXIF.
    /// - Throws: `Malformed` when the EXIF block is no TIFF structure or the segment would pass 64 KB.
    func segment(adding orientation: ExifOrientation) throws -> [UInt8] {
        var tiff: [UInt8]
        if let exif {
            tiff = try Self.appendingIFD0(to: exif.tiff, orientation: orientation)
        } else {
            tiff =
                Array("MM".utf8) + [
                    0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation.rawValue), 0, 0, 0, 0,
                    0, 0,
                ]
        }
        let length = 2 + Self.exifSignature.count + tiff.count
        guard length <= 0xFFFF else { throw Malformed("an EXIF block too full to take an orientation") }
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Self.exifSignature + tiff
    }

    /// `tiff` with a copy of its IFD0, the orientation entry added, appended (at an even offset) and made IFD0.
    private static func appendingIFD0(to tiff: [UInt8], orientation: ExifOrientation) throws -> [UInt8] {
        guard let structure = TIFFStructure(tiff[...]), !structure.isBig,
            let count = structure.number(at: structure.firstIFD, size: 2)
        else { throw Malformed("an EXIF block that is no TIFF structure") }
        let entriesStart = structure.firstIFD + 2
        guard entriesStart + count * 12 + 4 <= tiff.count else { throw Malformed("an EXIF IFD0 cut short") }
        let littleEndian = tiff[0] == UInt8(ascii: "I")
        func bytes(_ value: Int, _ size: Int) -> [UInt8] {
            let bigEndian = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
            return littleEndian ? bigEndian.reversed() : bigEndian
        }
        var entries = (0..<count).map { Array(tiff[(entriesStart + 12 * $0)..<(entriesStart + 12 * $0 + 12)]) }
        let tag = { (entry: [UInt8]) -> Int in
            littleEndian ? Int(entry[1]) << 8 | Int(entry[0]) : Int(entry[0]) << 8 | Int(entry[1])
        }
        let added = bytes(ExifTag.orientation, 2) + bytes(3, 2) + bytes(1, 4) + bytes(orientation.rawValue, 2) + [0, 0]
        entries.insert(added, at: entries.firstIndex { tag($0) > ExifTag.orientation } ?? entries.count)
        let nextIFD = Array(tiff[(entriesStart + 12 * count)..<(entriesStart + 12 * count + 4)])
        var result = tiff
        if result.count % 2 == 1 { result.append(0) }
        let newIFD0 = result.count
        result += bytes(entries.count, 2) + entries.flatMap { $0 } + nextIFD
        result.replaceSubrange(4..<8, with: bytes(newIFD0, 4))
        return result
    }
}
