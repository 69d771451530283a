import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a photo's header from its file.
public enum PhotoFile {
    /// How much of a file's start a header is read from at first: 4 KB, enough for most photos' size and EXIF.
    public static let firstRead = 4096
    /// How much of a file's start is read in one go when its first 4 KB are not enough: 64 KB, enough for every
    /// format's size and an EXIF block before it in nearly every photo. A header further in (megabytes of XMP or ICC
    /// profile before a JPEG's frame header) is reached by walking the segments by their lengths, reading only their
    /// first bytes and the EXIF block.
    public static let headerLimit = 65_536

    /// The header of the file at `path`, from its first `firstRead` bytes, or, when the header lies further in,
    /// from the rest of its first `headerLimit` bytes and beyond them only the pieces the walk over its segments
    /// needs (`pread`): the size, orientation and date without decoding a pixel, however large the file. A photo that
    /// is not a JPEG shows at its sidecar's orientation when it has one (`turnedBySidecar(_:of:)`), so a saved
    /// rotation shows wherever the header is read.
    /// - Throws: `PhotoError.vanished` when the file is gone, `.unreadable` with the system's reason when it cannot
    ///   be read, and the errors of `ImageHeader.read(_:)`.
    public static func readHeader(path: FilePath) throws -> ImageHeader {
        try readHeader(path: path, worker: nil)
    }

    /// The header of the file at `path`, as `readHeader(path:)` reads it, except that a format of
    /// `ImageFormat.decodedInAWorker` (told by the first bytes, read here) is read by `worker` when there is one.
    /// - Throws: what `readHeader(path:)` throws, and `DecoderProcess`'s errors.
    public static func readHeader(path: FilePath, worker: DecoderProcess?) throws -> ImageHeader {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        let size = size(of: descriptor)
        let start = try readStart(of: descriptor, count: min(firstRead, size ?? headerLimit))
        if let worker, let format = ImageFormat.decodedInAWorker(start: start, path: path) {
            return turnedBySidecar(try worker.header(ofFile: path, format: format), of: path)
        }
        return turnedBySidecar(
            try header(of: descriptor, start: start, size: size ?? start.count, file: path), of: path)
    }

    /// The format the first bytes of the file at `path` name (`ImageFormat(magic:)`), `nil` for a file of other bytes,
    /// without reading its header.
    /// - Throws: `PhotoError.vanished` or `.unreadable`, as `readHeader(path:)`.
    static func format(ofFile path: FilePath) throws -> ImageFormat? {
        ImageFormat(magic: try readStart(of: path, count: ImageFormat.bytesRead))
    }

    /// The format of the file at `path` as the wall tells it, without reading its header or starting a decoder: a
    /// format of `ImageFormat.decodedInAWorker` (a video, a camera's RAW, also one in a TIFF structure), else the
    /// format its first bytes name; `nil` for a file of other bytes. What a file action asks before it turns a photo.
    /// - Throws: `PhotoError.vanished` or `.unreadable`, as `readHeader(path:)`.
    public static func shownFormat(ofFile path: FilePath) throws -> ImageFormat? {
        let start = try readStart(of: path, count: firstRead)
        return ImageFormat.decodedInAWorker(start: start, path: path) ?? ImageFormat(magic: start)
    }

    /// The information in the EXIF of the file at `path` (the date taken, the camera, the exposure, the position), read
    /// from its header as `readHeader(path:)` reads it; empty when the photo has no EXIF. For the lightbox's info and
    /// the cards' info captions: the walk never reads it. A format of `ImageFormat.decodedInAWorker` has no EXIF here,
    /// and its header is not read in this process: its info is empty.
    /// - Throws: what `readHeader(path:)` throws.
    public static func readInfo(path: FilePath) throws -> PhotoInfo {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        let size = size(of: descriptor)
        let start = try readStart(of: descriptor, count: min(firstRead, size ?? headerLimit))
        if ImageFormat.decodedInAWorker(start: start, path: path) != nil { return PhotoInfo() }
        return try headerAndExif(of: descriptor, start: start, size: size ?? start.count, file: path).exif.map(
            PhotoInfo.init(exif:)) ?? PhotoInfo()
    }

    /// Up to `count` bytes from the start of the file at `path`: a buffer of the file's size, at most `count`.
    static func readStart(of path: FilePath, count limit: Int) throws -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        return try readStart(of: descriptor, count: min(limit, size(of: descriptor) ?? limit))
    }

    /// Calls `body` with the header and the whole bytes (at most `limit`) of the file at `path`, read into `memory`
    /// with one `open`, and returns its result. The header is read and checked first, from the file's first
    /// `headerLimit` bytes (and, when it lies further in, the pieces its walk needs), so a refused file (a bomb) costs
    /// no more than `readHeader(path:)`; the rest follows into the same memory, except for a format decoded from its
    /// file (`ImageFormat.isDecodedFromItsFile`: a video), whose `body` gets only the first bytes read. The bytes are
    /// valid only during `body`.
    static func withHeaderAndBytes<Result>(
        of path: FilePath, limit: Int, in memory: ScratchMemory,
        _ body: (ImageHeader, UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        try withHeaderAndBytes(of: path, limit: limit, in: memory, worker: nil, inWorker: { _, _ in nil }, body)
    }

    /// `withHeaderAndBytes(of:limit:in:_:)`, except that, when there is a `worker` and the first bytes name a format of
    /// `ImageFormat.decodedInAWorker`, `inWorker` is called with it instead (its header is not read here) and its result
    /// returned (`body`'s when it gives `nil`). The file is opened once either way: a FIFO's bytes are read once.
    static func withHeaderAndBytes<Result>(
        of path: FilePath, limit: Int, in memory: ScratchMemory, worker: DecoderProcess?,
        inWorker: (DecoderProcess, ImageFormat) throws -> Result?,
        _ body: (ImageHeader, UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        let size = size(of: descriptor)
        let count = min(limit, size ?? headerLimit)
        return try memory.withBytes(count) { buffer in
            var filled = try readFully(
                descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(headerLimit, count)]))
            if let worker, let format = ImageFormat.decodedInAWorker(start: buffer[..<filled], path: path),
                let result = try inWorker(worker, format)
            {
                return result
            }
            let header = turnedBySidecar(
                try Self.header(of: descriptor, start: Array(buffer[..<filled]), size: size ?? filled, file: path),
                of: path)
            // A video is decoded from its file as FFmpeg asks (its index, one keyframe's packets), and a RAW's preview
            // by libraw from its file (`RAWDecoder`): neither is read whole.
            if filled == headerLimit, !header.format.isDecodedFromItsFile {
                filled += try readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            return try body(header, UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
        }
    }

    /// The header of the open file of `size` bytes whose first bytes `start` were read, reading the others it needs
    /// with `pread` (which leaves the file's offset where it is). `file` is its path: libraw opens a RAW by it.
    private static func header(of descriptor: Int32, start: [UInt8], size: Int, file: FilePath) throws -> ImageHeader {
        try headerAndExif(of: descriptor, start: start, size: size, file: file).header
    }

    /// The header of the open file and its EXIF block, as `header(of:start:size:file:)` reads them.
    private static func headerAndExif(
        of descriptor: Int32, start: [UInt8], size: Int,
        file: FilePath
    ) throws -> (header: ImageHeader, exif: ArraySlice<UInt8>?) {
        try ImageHeader.readWithExif(start: start, size: size, file: file) { offset, count in
            try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = try readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            }
        }
    }

    /// The file at `path` opened for reading; by its name in `folder` when given, an open descriptor of the folder
    /// `path` is in (one name looked up, not the whole path).
    static func openForReading(_ path: FilePath, inFolder folder: Int32? = nil) throws -> Int32 {
        // The last component in place: no component parsed and copied for each photo.
        let descriptor =
            if let folder {
                path.withLastComponentBytes { name in
                    openat(folder, name.baseAddress!.assumingMemoryBound(to: CChar.self), O_RDONLY | O_CLOEXEC)
                }
            } else {
                path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
            }
        guard descriptor >= 0 else { throw error(errno) }
        return descriptor
    }

    /// `body` of the file at `path` opened for reading (as `openForReading(_:inFolder:)` opens it) and of what
    /// `fstat` says of it (`nil` when it fails); the file is closed after.
    static func withOpenFile<Result>(
        _ path: FilePath, inFolder folder: Int32? = nil,
        _ body: (_ descriptor: Int32, _ info: FileInfo?) throws -> Result
    ) throws -> Result {
        let descriptor = try openForReading(path, inFolder: folder)
        defer { close(descriptor) }
        return try body(descriptor, FileInfo(descriptor: descriptor))
    }

    /// The folder at `path` opened to open the files in it by their names, or `nil`; close it with
    /// `closeFolder(_:)`.
    static func openFolder(_ path: FilePath) -> Int32? {
        let descriptor = path.withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        return descriptor >= 0 ? descriptor : nil
    }

    /// Closes a folder `openFolder(_:)` opened.
    static func closeFolder(_ descriptor: Int32) { close(descriptor) }

    /// The size of the open file, if the system knows it.
    static func size(of descriptor: Int32) -> Int? { FileInfo(descriptor: descriptor)?.knownSize }

    /// Up to `count` bytes read from `descriptor`, fewer at the end of the file: a buffer filled by the reads, never
    /// cleared first.
    static func readStart(of descriptor: Int32, count: Int) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = try readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Reads from `descriptor` until `buffer` is full or the file ends, from the file's offset (`read`, which moves it)
    /// or from `position` (`pread`, which does not); how many bytes it read.
    static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at position: Int? = nil
    ) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let got =
                if let position {
                    pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(position + filled))
                } else {
                    read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                }
            if got < 0 {
                if errno == EINTR { continue }
                throw error(errno)
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    /// The error of a failed `open` or `read`.
    private static func error(_ code: Int32) -> PhotoError {
        code == ENOENT ? .vanished : .unreadable(String(cString: strerror(code)))
    }
}
