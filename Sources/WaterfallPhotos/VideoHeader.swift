/// A video's header, read by libavformat through the header reads (`ByteReader`): the container's header and index,
/// never a frame's pixels (`VideoContext`).
enum VideoHeader {
    /// The most bytes libavformat may read for a header: an MP4's `moov` box (its sample tables) grows with the video's
    /// length, a few MB for an hour.
    static let readLimit = 32 << 20

    /// The header: the video stream's display size, its rotation and the duration.
    /// - Throws: what `VideoContext.init` throws.
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        var local = reader
        defer { reader = local }
        let budget = ThreadTimeBudget(VideoDecoder.timeLimit)
        let source = VideoSource(size: reader.size, budget: budget, limit: readLimit) { offset, buffer in
            local.offset = offset
            let bytes = try local.take(min(buffer.count, local.size - offset))
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            return bytes.count
        }
        do {
            return try VideoContext(source).header
        } catch PhotoError.unsupported(.video, let reason) where reason != "no video stream" {
            // libavformat clamps a box running past the file's end and then misses what lies past it ("moov atom not
            // found"): an ISO file whose top-level boxes run past its end is truncated.
            local.offset = 0
            if try ImageFormat(magic: local.take(min(local.size, ImageFormat.bytesRead))) == .video, local.size >= 8 {
                try walkBoxes(&local)
            }
            throw PhotoError.unsupported(.video, reason)
        }
    }

    /// Walks an ISO base media file's top-level boxes by their sizes, reading only their heads.
    /// - Throws: `PhotoError.truncated(.video)` when a box runs past the file's end; nothing for a file of other bytes
    ///   (Matroska's), whose first four bytes name no box type.
    private static func walkBoxes(_ reader: inout ByteReader) throws {
        reader.offset = 0
        guard try reader.take(8).suffix(4).elementsEqual("ftyp".utf8) else { return }
        reader.offset = 0
        while reader.remaining > 0 {
            let start = reader.offset
            var size = try reader.uint32BE()
            _ = try reader.take(4)
            if size == 1 {
                size = try reader.uint32BE() << 32 | reader.uint32BE()  // a 64-bit size follows the type
            } else if size == 0 {
                return  // the box runs to the end of the file
            }
            guard size >= reader.offset - start else { return }
            try reader.skip(size - (reader.offset - start))
        }
    }
}
