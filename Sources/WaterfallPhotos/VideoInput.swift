import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a video's bytes come from: its file, read as FFmpeg asks (`pread`), or its whole bytes in memory (the fuzz
/// target's, a test's).
enum VideoInput {
    /// The file at a path.
    case file(FilePath)
    /// A whole file's bytes, borrowed for the call.
    case bytes(UnsafeRawBufferPointer)

    /// Calls `body` with a source over the input's bytes that gives up once `budget` is spent, and returns its result.
    /// - Throws: `PhotoError.vanished` or `.unreadable` when the file cannot be opened, and what `body` throws.
    func withSource<Result>(
        within budget: ThreadTimeBudget, _ body: (VideoSource) throws -> Result
    ) throws -> Result {
        switch self {
        case .bytes(let bytes):
            return try body(
                VideoSource(size: bytes.count, budget: budget) { offset, buffer in
                    let count = min(buffer.count, bytes.count - offset)
                    if count > 0, let base = bytes.baseAddress {
                        buffer.baseAddress?.copyMemory(from: base + offset, byteCount: count)
                    }
                    return max(0, count)
                })
        case .file(let path):
            let descriptor = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else {
                throw errno == ENOENT ? PhotoError.vanished : PhotoError.unreadable(String(cString: strerror(errno)))
            }
            defer { close(descriptor) }
            var info = stat()
            let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
            return try body(
                VideoSource(size: size, budget: budget) { offset, buffer in
                    while true {
                        let got = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
                        if got >= 0 { return got }
                        if errno != EINTR { throw PhotoError.unreadable(String(cString: strerror(errno))) }
                    }
                })
        }
    }
}

/// The bytes FFmpeg reads through its custom `AVIOContext` (`VideoContext`): a file of `size` bytes read at offsets,
/// with a budget of CPU time past which reads fail and FFmpeg's interrupt callback asks it to stop, so that no file can
/// keep the caller's thread computing. Notes what went wrong for the error thrown once FFmpeg returns.
final class VideoSource {
    /// Reads the bytes at an offset into a buffer; how many it read (0 at the end of the file).
    typealias Read = (_ offset: Int, _ buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// The file's size in bytes.
    let size: Int
    /// The CPU time after which FFmpeg is asked to stop.
    let budget: ThreadTimeBudget
    /// Where the next read starts.
    var position = 0
    /// Whether FFmpeg looked for bytes past the file's end (a box or element whose size runs past it): a file cut
    /// short, when FFmpeg then fails.
    private(set) var ranPastEnd = false
    /// Why a read failed (the file could not be read), or the budget was spent.
    private(set) var failure: PhotoError?
    private let readAt: Read
    /// The most bytes FFmpeg may read in all, and how many it read.
    private let limit: Int
    private var total = 0

    /// A source of `size` bytes that `read` reads, giving up once `budget` is spent or after `limit` bytes.
    init(size: Int, budget: ThreadTimeBudget, limit: Int = .max, read: @escaping Read) {
        self.size = size
        self.budget = budget
        self.limit = limit
        readAt = read
    }

    /// Whether the budget is spent; notes it as the failure once it is.
    var isOverBudget: Bool {
        guard budget.isSpent else { return false }
        if failure == nil {
            failure = .unsupported(.video, "timed out after \(VideoDecoder.timeLimit.components.seconds) s")
        }
        return true
    }

    /// The source passed to FFmpeg as its `opaque` pointer.
    static func of(_ opaque: UnsafeMutableRawPointer?) -> VideoSource? {
        opaque.map { Unmanaged<VideoSource>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Reads up to `count` bytes into `buffer` from `position`, for `AVIOContext`'s `read_packet`: how many, or
    /// `AVERROR_EOF` at the end, or an error code once the budget is spent or the file could not be read.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int, endOfFile: Int32, exit: Int32) -> Int32 {
        guard failure == nil, !isOverBudget else { return exit }
        guard position < size else {
            if position > size { ranPastEnd = true }
            return endOfFile
        }
        do {
            let got = try readAt(
                position, UnsafeMutableRawBufferPointer(start: buffer, count: min(count, size - position)))
            guard got > 0 else {
                ranPastEnd = true
                return endOfFile
            }  // the file shrank since its size was read
            position += got
            total += got
            if total > limit {
                failure = .unsupported(.video, "a header of more than \(limit) bytes")
                return exit
            }
            return Int32(got)
        } catch {
            failure = error as? PhotoError ?? .unreadable("\(error)")
            return exit
        }
    }

    /// Moves to `offset` from the start, the current position or the end (`SEEK_SET`, `SEEK_CUR`, `SEEK_END`), for
    /// `AVIOContext`'s `seek`: the new position, or -1.
    func seek(to offset: Int64, whence: Int32) -> Int64 {
        let base: Int
        switch whence {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = position
        case SEEK_END: base = size
        default: return -1
        }
        let target = base + Int(offset)
        guard target >= 0 else { return -1 }
        if target > size { ranPastEnd = true }
        position = target
        return Int64(target)
    }
}
