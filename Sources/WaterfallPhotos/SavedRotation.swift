import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Saved rotation: a photo turned on disk, so that every viewer shows it turned, its pixels never re-encoded.
///
/// A JPEG is turned through its EXIF Orientation tag, which every viewer honours: changed in place when the tag is
/// there (its 2 bytes written with `pwrite`, then `fsync`: a write that small cannot be torn), else the file
/// rewritten with the tag by `AtomicFile` (the `Exif` segment gets a new IFD0 holding it, or a new segment is put
/// after SOI and JFIF; every byte from the first segment that is not an application segment on is copied as it
/// was). Any other format is turned through its XMP sidecar's `tiff:Orientation` (`PhotoSidecar`), which darktable
/// and digiKam read and this library's `PhotoFile.readHeader` shows.
public enum SavedRotation {
    /// Turns `file`, of `format`, by `quarterTurns` (1 = 90° clockwise, -1 anticlockwise) from the orientation it
    /// shows at now, and returns the new orientation. A mirrored orientation stays mirrored. A camera RAW or a video
    /// (`ImageFormat.decodedInAWorker`) turns from its sidecar's orientation, else from its header's as `worker`
    /// reads it, else (no worker: libraw and FFmpeg never run in this process) from upright. `checkpoint` hears the
    /// names of the checkpoints of a rewrite (`AtomicFile`).
    /// - Throws: `FileActionError` naming the file: changed since `expecting` (when given), gone, its folder
    ///   read-only, the disk full, or a JPEG whose segments or EXIF cannot be changed; the file is then as it was.
    public static func rotate(
        _ file: FilePath, format: ImageFormat, quarterTurns: Int, expecting: FileIdentity?,
        worker: DecoderProcess? = nil, checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) -> ExifOrientation {
        try FileIdentity.check(file, against: expecting)
        if format == .jpeg {
            return try rotateJPEG(file, quarterTurns: quarterTurns, expecting: expecting, checkpoint: checkpoint)
        }
        let turned = try currentOrientation(of: file, worker: worker).turned(quarterTurns: quarterTurns)
        try PhotoSidecar.writeOrientation(turned, for: file, checkpoint: checkpoint)
        return turned
    }

    /// The orientation a file that is not a JPEG shows at now: its sidecar's, else its header's (through `worker`
    /// for the formats it reads; upright for them without one).
    private static func currentOrientation(
        of file: FilePath, worker: DecoderProcess?
    ) throws(FileActionError) -> ExifOrientation {
        if let orientation = PhotoSidecar.orientation(of: file) { return orientation }
        do {
            let start = try PhotoFile.readStart(of: file, count: PhotoFile.firstRead)
            if ImageFormat.decodedInAWorker(start: start[...], path: file) != nil {
                guard let worker else { return .up }
                return try PhotoFile.readHeader(path: file, worker: worker).orientation
            }
            return try PhotoFile.readHeader(path: file).orientation
        } catch PhotoError.vanished {
            throw FileActionError(file: file, errno: .noSuchFileOrDirectory)
        } catch {
            throw FileActionError(file: file, reason: "its header cannot be read (\(error))")
        }
    }

    /// Turns a JPEG through its EXIF orientation: in place when the tag exists, else by rewriting the file.
    private static func rotateJPEG(
        _ file: FilePath, quarterTurns: Int, expecting: FileIdentity?, checkpoint: FileActionCheckpoint.Handler?
    ) throws(FileActionError) -> ExifOrientation {
        let descriptor = try open(file, .readOnly)
        defer { try? descriptor.close() }
        let read: JPEGExifLayout.Read = { offset, count in
            try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = try descriptor.read(
                    fromAbsoluteOffset: Int64(offset), into: UnsafeMutableRawBufferPointer(buffer))
            }
        }
        let layout: JPEGExifLayout
        let tag: (offset: Int, orientation: ExifOrientation, littleEndian: Bool)?
        do {
            layout = try JPEGExifLayout(read: read)
            tag = try layout.orientationTag()
        } catch let error as Errno {
            throw FileActionError(file: file, errno: error)
        } catch {
            throw FileActionError(file: file, reason: "its EXIF cannot be changed: \(error)")
        }
        if let tag {
            let turned = tag.orientation.turned(quarterTurns: quarterTurns)
            try writeInPlace(turned, at: tag.offset, littleEndian: tag.littleEndian, in: file)
            return turned
        }
        let turned = ExifOrientation.up.turned(quarterTurns: quarterTurns)
        let segment: [UInt8]
        do {
            segment = try layout.segment(adding: turned)
        } catch {
            throw FileActionError(file: file, reason: "its EXIF cannot be changed: \(error)")
        }
        let replaced = layout.exif?.segment ?? layout.insertionPoint..<layout.insertionPoint
        try AtomicFile.replace(file, expecting: expecting, checkpoint: checkpoint) { output in
            try output.writeAll(try read(0, replaced.lowerBound))
            try output.writeAll(segment)
            var offset = replaced.upperBound
            while true {
                let chunk = try read(offset, 1 << 20)
                if chunk.isEmpty { break }
                try output.writeAll(chunk)
                offset += chunk.count
            }
        }
        return turned
    }

    /// Writes `orientation`'s 2 bytes at `offset` of `file` (`pwrite`), then `fsync`s it.
    private static func writeInPlace(
        _ orientation: ExifOrientation, at offset: Int, littleEndian: Bool,
        in file: FilePath
    ) throws(FileActionError) {
        let descriptor = try open(file, .readWrite)
        defer { try? descriptor.close() }
        let value = UInt8(orientation.rawValue)
        let bytes: [UInt8] = littleEndian ? [value, 0] : [0, value]
        do {
            let written = try bytes.withUnsafeBytes {
                try descriptor.write(toAbsoluteOffset: Int64(offset), $0, retryOnInterrupt: true)
            }
            guard written == 2 else { throw Errno.ioError }
            try FileSystem.sync(descriptor)
        } catch let error as Errno {
            throw FileActionError(file: file, errno: error)
        } catch {
            throw FileActionError(file: file, reason: "\(error)")
        }
    }

    /// `file` opened for `mode`.
    private static func open(
        _ file: FilePath, _ mode: FileDescriptor.AccessMode
    ) throws(FileActionError) -> FileDescriptor {
        do {
            return try FileDescriptor.open(file, mode, options: .closeOnExec)
        } catch let error as Errno {
            throw FileActionError(file: file, errno: error)
        } catch {
            throw FileActionError(file: file, reason: "\(error)")
        }
    }
}
