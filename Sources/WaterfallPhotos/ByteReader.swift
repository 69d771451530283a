import SystemPackage

/// Reads big- and little-endian numbers from a file's bytes, bounds-checked against the file's size: reading past its
/// end throws `PhotoError.truncated` for the format being read.
///
/// The reader holds a window of the file: all of it when the file is in memory; else its first bytes, and where a
/// read falls outside them, the bytes `more` gives (see `HeaderReads`). Skipping moves past bytes without reading
/// them, so a walk over segments by their lengths reads only the segments' heads and what it keeps.
struct ByteReader {
    /// The format being read, which a read past the end names.
    let format: ImageFormat
    /// The file's size: where its bytes end.
    let size: Int
    /// The file being read, when the reader reads one by its path: libraw opens a RAW from it (`RAWHeader`), and its
    /// name tells a TIFF-based RAW (NEF, ARW...) from a TIFF.
    var file: FilePath?
    /// Where the next read starts, from the start of the file.
    var offset = 0
    /// The bytes held, from `windowStart` in the file.
    private var window: [UInt8]
    private var windowStart = 0
    private let reads: HeaderReads
    /// The file's bytes at an offset, for a read outside the window; `nil` when the window is the whole file.
    private let more: HeaderReads.More?

    /// A reader of a whole file's `bytes`.
    init(_ bytes: [UInt8], format: ImageFormat) {
        self.format = format
        size = bytes.count
        window = bytes
        reads = .standard
        more = nil
    }

    /// A reader of a file of `size` bytes whose first bytes `start` were read, and whose others `more` reads as
    /// `reads` says.
    init(
        start: [UInt8], size: Int, format: ImageFormat, reads: HeaderReads, file: FilePath? = nil,
        more: @escaping HeaderReads.More
    ) {
        self.format = format
        self.file = file
        self.size = max(size, start.count)
        window = start
        self.reads = reads
        self.more = more
    }

    /// How many bytes are left.
    var remaining: Int { size - offset }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw PhotoError.truncated(format) }
        if offset < windowStart || offset + count > windowStart + window.count { try fill(count) }
        defer { offset += count }
        return window[(offset - windowStart)..<(offset - windowStart + count)]
    }

    /// Skips `count` bytes, reading none.
    mutating func skip(_ count: Int) throws {
        guard count >= 0, count <= remaining else { throw PhotoError.truncated(format) }
        offset += count
    }

    /// The next byte.
    mutating func uint8() throws -> UInt8 { try take(1).first ?? 0 }

    /// The next 2 bytes, big-endian.
    mutating func uint16BE() throws -> Int { Self.bigEndian(try take(2)) }

    /// The next 4 bytes, big-endian.
    mutating func uint32BE() throws -> Int { Self.bigEndian(try take(4)) }

    /// The next 2 bytes, little-endian.
    mutating func uint16LE() throws -> Int { Self.littleEndian(try take(2)) }

    /// The next 3 bytes, little-endian.
    mutating func uint24LE() throws -> Int { Self.littleEndian(try take(3)) }

    /// The next 4 bytes, little-endian.
    mutating func uint32LE() throws -> Int { Self.littleEndian(try take(4)) }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }
    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reversed().reduce(0) { $0 << 8 | Int($1) } }

    /// Makes the window hold the `count` bytes at `offset` (which lie within the file): the rest of the file's first
    /// `reads.startLimit` bytes when they do, in one read; else a block of `reads.blockSize` bytes from `offset`, or
    /// the `count` bytes when they are more.
    private mutating func fill(_ count: Int) throws {
        guard let more else { throw PhotoError.truncated(format) }  // (never: a whole file's window holds all)
        let growsStart = windowStart == 0 && offset + count <= reads.startLimit && window.count < reads.startLimit
        let start = growsStart ? window.count : offset
        let end = min(size, growsStart ? reads.startLimit : offset + max(count, reads.blockSize))
        let bytes = try more(start, end - start)
        // Fewer bytes than the size promised: the file was cut short since.
        guard bytes.count == end - start else { throw PhotoError.truncated(format) }
        if growsStart {
            window += bytes
        } else {
            (window, windowStart) = (bytes, start)
        }
    }
}

/// How a header is read from a file that is not in memory: its first bytes, then, when the header lies further, the
/// rest of its first `startLimit` bytes in one read (a long EXIF block), and beyond them only the pieces the walk
/// needs, `blockSize` bytes from each, skipping the segments between (megabytes of XMP or ICC profile before a JPEG's
/// frame header, of text before a PNG's eXIf, of image data before a WebP's EXIF).
package struct HeaderReads: Sendable {
    /// Reads the file's `count` bytes at `offset`: all of them, or fewer where the file ends.
    package typealias More = (_ offset: Int, _ count: Int) throws -> [UInt8]

    /// How much of the file's start is read in one go when its first bytes are not enough.
    package var startLimit: Int
    /// How much is read at a time further in.
    package var blockSize: Int

    /// Reads of `startLimit` and `blockSize` bytes (at least 1 each).
    package init(startLimit: Int, blockSize: Int) {
        self.startLimit = max(1, startLimit)
        self.blockSize = max(1, blockSize)
    }

    /// What a photo file is read with: its first 64 KB (`PhotoFile.headerLimit`), then blocks of 4 KB.
    package static let standard = HeaderReads(startLimit: PhotoFile.headerLimit, blockSize: 4096)
}
