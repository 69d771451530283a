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
        let descriptor = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw error(errno) }
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : limit
        let count = min(limit, size)
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                throw error(errno)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// The error of a failed `open` or `read`.
    private static func error(_ code: Int32) -> PhotoError {
        code == ENOENT ? .vanished : .unreadable(String(cString: strerror(code)))
    }
}
