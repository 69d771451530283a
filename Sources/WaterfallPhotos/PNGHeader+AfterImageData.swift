/// An eXIf chunk after a PNG's image data, as ImageMagick writes it. The image data's chunks are many (libpng writes
/// them 8 KB each, ImageMagick 32 KB), and following them all would read through the file, so the eXIf is looked for
/// among the chunks that end the file, in one read of its end.
extension PNGHeader {
    /// How far from the end of the file an eXIf after the image data is looked for: 64 KB, room for the EXIF block
    /// of a JPEG (at most 64 KB) and the text chunks ImageMagick writes after it.
    static let afterImageDataLimit = 65_536

    /// The start of the body of an eXIf chunk after the image data (which starts at `imageData`), at most
    /// `ExifReader.readLimit` bytes, or `nil`, from the file's last `afterImageDataLimit` bytes. An "eXIf" there
    /// counts when its chunk and the chunks after it follow one another by their lengths to an empty IEND that ends
    /// the file, so image data or text that happens to spell the name is not taken for one.
    static func exifAfterImageData(_ reader: inout ByteReader, imageData: Int) throws -> ArraySlice<UInt8>? {
        let start = max(imageData, reader.size - afterImageDataLimit)
        reader.offset = start
        var end = FileEnd(bytes: Array(try reader.take(reader.size - start)))
        let name = Array("eXIf".utf8)
        var from = 4
        while let found = end.bytes.firstOffset(of: name, from: from) {
            let chunk = found - 4
            if end.startsChunksToTheEnd(chunk) {
                let length = ByteReader.bigEndian(end.bytes[chunk..<found])
                return end.bytes[(found + 4)..<(found + 4 + min(length, ExifReader.readLimit))]
            }
            from = found + 1
        }
        return nil
    }
}

/// The last bytes of a PNG, and where in them chunks start that follow one another by their lengths (each a length,
/// a name of 4 letters, the body and a CRC) to an empty IEND that ends the file.
private struct FileEnd {
    let bytes: [UInt8]
    /// By position: whether the chunks from there end the file; each position is followed once.
    private var known: [Int: Bool] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether the chunk that starts at `first`, and those after it, end the file with an empty IEND.
    mutating func startsChunksToTheEnd(_ first: Int) -> Bool {
        var followed: [Int] = []
        var chunk = first
        var answer = false
        while true {
            if let seen = known[chunk] {
                answer = seen
                break
            }
            followed.append(chunk)
            guard chunk + 12 <= bytes.count, bytes[(chunk + 4)..<(chunk + 8)].allSatisfy(Self.isNameLetter) else {
                break
            }
            let length = ByteReader.bigEndian(bytes[chunk..<(chunk + 4)])
            let next = chunk + 12 + length
            if next == bytes.count {
                answer = length == 0 && bytes[(chunk + 4)..<(chunk + 8)].elementsEqual("IEND".utf8)
                break
            }
            chunk = next
        }
        for chunk in followed { known[chunk] = answer }
        return answer
    }

    /// Whether `byte` may stand in a chunk's name: an ASCII letter.
    private static func isNameLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}

extension [UInt8] {
    /// Where `needle` first occurs in the array at or after `start`, or `nil`.
    fileprivate func firstOffset(of needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var from = Swift.max(0, start)
        while from < count, let candidate = self[from...].firstIndex(of: first), candidate + needle.count <= count {
            if self[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            from = candidate + 1
        }
        return nil
    }
}
