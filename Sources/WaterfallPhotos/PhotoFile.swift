#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Reading a photo's header from its file.
public enum PhotoFile {
    /// How much of a file a header may need: 64 KB, enough for every format's size and an EXIF block before it.
    public static let headerLimit = 65_536

    /// The header of the file at `path`, from at most its first `headerLimit` bytes (one `read`, however large the
    /// file): the size, orientation and date without decoding a pixel.
    /// - Throws: `PhotoError.vanished` when the file is gone, `.unreadable` with the system's reason when it cannot
    ///   be read, and the errors of `ImageHeader.read(_:)`.
    public static func readHeader(path: FilePath) throws -> ImageHeader {
        try ImageHeader.read(readStart(of: path, count: headerLimit))
    }

    /// Up to `count` bytes from the start of the file at `path`: a buffer of the file's size, at most `count`.
    static func readStart(of path: FilePath, count limit: Int) throws -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        return try readStart(of: descriptor, count: min(limit, size(of: descriptor) ?? limit))
    }

    /// Calls `body` with the header and the whole bytes (at most `limit`) of the file at `path`, read into `memory`
    /// with one `open`, and returns its result. The header is read and checked first, from the file's first
    /// `headerLimit` bytes, so a refused file (a bomb) costs no more than `readHeader(path:)`; the rest follows into
    /// the same memory. The bytes are valid only during `body`.
    static func withHeaderAndBytes<Result>(of path: FilePath, limit: Int, in memory: ScratchMemory,
                                           _ body: (ImageHeader, UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        let count = min(limit, size(of: descriptor) ?? headerLimit)
        return try memory.withBytes(count) { buffer in
            var filled = try readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(headerLimit, count)]))
            let header = try ImageHeader.read(Array(buffer[..<filled]))
            if filled == headerLimit {
                filled += try readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            return try body(header, UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
        }
    }

    /// The file at `path` opened for reading.
    private static func openForReading(_ path: FilePath) throws -> Int32 {
        let descriptor = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw error(errno) }
        return descriptor
    }

    /// The size of the open file, if the system knows it.
    private static func size(of descriptor: Int32) -> Int? {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : nil
    }

    /// Up to `count` bytes read from `descriptor`, fewer at the end of the file: a buffer filled by the reads, never
    /// cleared first.
    private static func readStart(of descriptor: Int32, count: Int) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = try readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Reads from `descriptor` until `buffer` is full or the file ends; how many bytes it read.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let got = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
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
