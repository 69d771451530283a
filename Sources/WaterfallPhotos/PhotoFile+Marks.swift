import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a photo's marks and its sidecar's orientation with its header.
extension PhotoFile {
    /// The header, the marks and the keywords of the file at `path`, as the walk reads them with one `open` of the
    /// photo: its header as `readHeader(path:worker:)` reads it, its sidecars (`PhotoSidecar`) looked at only when
    /// `listing` may have them, and the XMP embedded in it read from the same open file (from the bytes already read
    /// when they hold it, as a JPEG's first 4 KB often do) when no sidecar has a rating or no sidecar has keywords.
    /// - Throws: what `readHeader(path:worker:)` throws.
    static func readHeaderAndMarks(
        path: FilePath, inFolder folder: Int32? = nil, worker: DecoderProcess?,
        listing: SidecarListing
    ) throws -> (header: ImageHeader, marks: PhotoMarks, keywords: [String]) {
        let descriptor = try openForReading(path, inFolder: folder)
        defer { close(descriptor) }
        return try readHeaderAndMarks(
            of: descriptor, path: path, size: size(of: descriptor), worker: worker, listing: listing)
    }

    /// `readHeaderAndMarks(path:inFolder:worker:listing:)` of the file open at `descriptor` (at `path`), `size` bytes
    /// long when the system knows.
    static func readHeaderAndMarks(
        of descriptor: Int32, path: FilePath, size: Int?, worker: DecoderProcess?, listing: SidecarListing
    ) throws -> (header: ImageHeader, marks: PhotoMarks, keywords: [String]) {
        let start = try readStart(of: descriptor, count: min(firstRead, size ?? headerLimit))
        // The pieces the header's walk reads beyond `start` are kept for the embedded XMP's walk, which reads the
        // same first segments again.
        let pieces = ReadPieces()
        let read = { (offset: Int, count: Int) throws -> [UInt8] in
            let piece = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = try readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            }
            pieces.add(piece, at: offset)
            return piece
        }
        var header =
            if let worker, let format = ImageFormat.decodedInAWorker(start: start, path: path) {
                try worker.header(ofFile: path, format: format)
            } else {
                try ImageHeader.readWithExif(start: start, size: size ?? start.count, file: path, more: read).header
            }
        // A folder listed without a sidecar spares each photo its sidecars' names.
        let sidecars = listing.hasNone ? nil : SidecarNames(of: path)
        let packet = sidecars.flatMap { sidecars in
            listing.mayHave(named: sidecars.own) ? PhotoSidecar.packet(at: sidecars.path(sidecars.own)) : nil
        }
        if header.format != .jpeg, let orientation = packet.flatMap(PhotoSidecar.orientation(in:)) {
            header.orientation = orientation
        }
        var marks = packet?.integer(.rating).map(PhotoMarks.init(xmpRating:))
        var keywords = packet.flatMap(PhotoSidecar.keywords(in:))
        if marks == nil || keywords == nil, let sidecars, let shared = sidecars.shared, listing.mayHave(named: shared),
            let sharedPacket = PhotoSidecar.packet(at: sidecars.path(shared))
        {
            marks = marks ?? sharedPacket.integer(.rating).map(PhotoMarks.init(xmpRating:))
            keywords = keywords ?? PhotoSidecar.keywords(in: sharedPacket)
        }
        if marks == nil || keywords == nil {
            pieces.add(start, at: 0)
            let embedded = EmbeddedXMP.packet(format: header.format, size: size ?? start.count) { offset, count in
                pieces.bytes(at: offset, count: count) ?? (try? read(offset, count))
            }.flatMap { try? XMPPacket($0) }
            marks = marks ?? embedded?.integer(.rating).map(PhotoMarks.init(xmpRating:))
            keywords = keywords ?? embedded.flatMap(PhotoSidecar.keywords(in:))
        }
        return (header, marks ?? PhotoMarks(), keywords ?? [])
    }

    /// The pieces of a file read so far, by their offsets: a later read that falls inside one is served from it.
    private final class ReadPieces {
        private var pieces: [(offset: Int, bytes: [UInt8])] = []

        func add(_ bytes: [UInt8], at offset: Int) { pieces.append((offset, bytes)) }

        /// The `count` bytes at `offset`, when one piece holds them all.
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard
                let piece = pieces.first(where: { offset >= $0.offset && offset + count <= $0.offset + $0.bytes.count })
            else { return nil }
            return Array(piece.bytes[(offset - piece.offset)..<(offset - piece.offset + count)])
        }
    }

    /// `header` as the photo shows: a photo that is not a JPEG at the orientation its sidecar `NAME.EXT.xmp` names
    /// (`PhotoSidecar.orientation(of:)`), where a saved rotation of it is written; a JPEG's rotation is in its EXIF.
    /// Costs one failed `open` for a photo without a sidecar.
    static func turnedBySidecar(_ header: ImageHeader, of path: FilePath) -> ImageHeader {
        guard header.format != .jpeg, let orientation = PhotoSidecar.orientation(of: path) else { return header }
        var turned = header
        turned.orientation = orientation
        return turned
    }
}
