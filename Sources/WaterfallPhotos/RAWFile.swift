import CRaw
import CRawStream
import SystemPackage

/// One camera RAW file opened by libraw (`libraw_init`, then an input of `CRawStream` over the file or bytes): its
/// preview's size, its orientation and its embedded preview, without developing the sensor data. The handle is the
/// file's own, closed (`libraw_close`) when the value goes: no state is shared between files, so that the header and
/// the decode can run anywhere, a worker process included.
///
/// libraw is configured before the open: its memory limit (`max_raw_memory_mb`), and its data and memory error
/// callbacks set to ones that print nothing (its defaults write to stderr); the error is what its calls return.
final class RAWFile {
    /// libraw's own memory limit for a RAW's sensor data, in MB: a 200-megapixel sensor's 16-bit data is 400 MB.
    static let memoryLimitMB: UInt32 = 512

    private let data: UnsafeMutablePointer<libraw_data_t>
    /// The bytes opened from memory, kept alive while libraw reads them.
    private let buffer: UnsafeRawBufferPointer?
    /// The input libraw reads, ours to free after libraw closes: reads that come up short leave zeros (a preview cut by
    /// the file's end is then a JPEG without its end, not the heap's old bytes).
    private var stream: OpaquePointer?

    /// The RAW file at `path`, opened as `libraw_open_file` opens it: libraw reads only what it needs of the file
    /// (its IFDs or boxes, later the preview), never the whole of a 30 MB file into memory.
    /// - Throws: `PhotoError` (see `error(_:)`).
    convenience init(file path: FilePath) throws {
        try self.init(buffer: nil) { data, stream in
            path.withPlatformString { waterfall_raw_open_file(data, $0, &stream) }
        }
    }

    /// The RAW file whose whole bytes are `bytes` (which must outlive it), opened as `libraw_open_buffer` opens it:
    /// for bytes already in memory (a thumbnail of bytes, the fuzz target), where reading them again from a file is
    /// no option.
    /// - Throws: `PhotoError` (see `error(_:)`).
    convenience init(bytes: UnsafeRawBufferPointer) throws {
        try self.init(buffer: bytes) { data, stream in
            waterfall_raw_open_buffer(data, bytes.baseAddress, bytes.count, &stream)
        }
    }

    private init(
        buffer: UnsafeRawBufferPointer?,
        open: (UnsafeMutablePointer<libraw_data_t>, inout OpaquePointer?) -> Int32
    ) throws {
        guard let data = libraw_init(0) else { throw PhotoError.unsupported(.raw, "libraw could not start") }
        self.data = data
        self.buffer = buffer
        data.pointee.params.max_raw_memory_mb = Self.memoryLimitMB
        libraw_set_dataerror_handler(data, { _, _, _ in }, nil)
        libraw_set_memerror_handler(data, { _, _, _ in }, nil)
        let status = open(data, &stream)
        // Thrown after every property is set: `deinit` closes the handle.
        guard status == LIBRAW_SUCCESS.rawValue else { throw Self.error(status) }
    }

    deinit {
        libraw_close(data)
        waterfall_raw_stream_free(stream)
    }

    /// The size of the preview libraw picked (0.20 knows one: the largest it finds), as stored (before the flip);
    /// `nil` when the RAW has none.
    var previewSize: (width: Int, height: Int)? {
        let thumbnail = data.pointee.thumbnail
        guard thumbnail.twidth > 0, thumbnail.theight > 0 else { return nil }
        return (Int(thumbnail.twidth), Int(thumbnail.theight))
    }

    /// The size of the developed image (the sensor's visible area), as stored.
    var imageSize: (width: Int, height: Int) {
        (Int(data.pointee.sizes.width), Int(data.pointee.sizes.height))
    }

    /// How to turn the picture upright: libraw's flip (`sizes.flip`, from the RAW's own orientation tag) as EXIF
    /// orientation. libraw's flip codes are dcraw's: bit 0 mirrors left to right, bit 1 top to bottom, bit 2
    /// transposes, applied last (0 as stored, 3 half a turn, 5 a quarter turn anticlockwise, 6 clockwise).
    var orientation: ExifOrientation {
        Self.orientation(flip: Int(data.pointee.sizes.flip))
    }

    /// The EXIF orientation of libraw's flip code `flip`.
    static func orientation(flip: Int) -> ExifOrientation {
        switch flip {
        case 1: return .upMirrored
        case 2: return .downMirrored
        case 3: return .down
        case 4: return .leftMirrored
        case 5: return .left
        case 6: return .right
        case 7: return .rightMirrored
        default: return .up
        }
    }

    /// A preview unpacked by libraw: a JPEG file's bytes, or interleaved 8-bit pixels of 1 or 3 channels.
    enum Preview {
        /// A JPEG (LIBRAW_THUMBNAIL_JPEG): its whole bytes.
        case jpeg(UnsafeRawBufferPointer)
        /// A bitmap (LIBRAW_THUMBNAIL_BITMAP): `width` × `height` pixels of `channels` 8-bit samples, row by row.
        case bitmap(width: Int, height: Int, channels: Int, bytes: UnsafeRawBufferPointer)
    }

    /// Calls `body` with the embedded preview (`libraw_unpack_thumb`), valid during the call, and returns its result.
    /// - Throws: `PhotoError.rawHasNoPreview` when there is none; `.unsupported` for a preview of another kind
    ///   (16-bit, layered) or one libraw cannot read (a JPEG whose header libjpeg cannot read: LIBRAW_THUMBNAIL_UNKNOWN);
    ///   the errors of `error(_:)`.
    ///
    /// libraw 0.20 reads a JPEG preview's header with libjpeg's default error manager to count its colours: when that
    /// header itself is cut short, libjpeg prints "Premature end of JPEG file" on stderr, which no libraw setting
    /// silences. A preview cut in its scan data (a copy cut short) passes that header read and is named "truncated
    /// RAW" by TurboJPEG's decode here.
    func withPreview<Result>(_ body: (Preview) throws -> Result) throws -> Result {
        guard previewSize != nil else { throw PhotoError.rawHasNoPreview }
        let status = libraw_unpack_thumb(data)
        guard status == LIBRAW_SUCCESS.rawValue else { throw Self.error(status) }
        let thumbnail = data.pointee.thumbnail
        guard let start = thumbnail.thumb, thumbnail.tlength > 0 else { throw PhotoError.rawHasNoPreview }
        let bytes = UnsafeRawBufferPointer(start: start, count: Int(thumbnail.tlength))
        switch thumbnail.tformat {
        case LIBRAW_THUMBNAIL_JPEG:
            return try body(.jpeg(bytes))
        case LIBRAW_THUMBNAIL_BITMAP:
            let (width, height, channels) = (Int(thumbnail.twidth), Int(thumbnail.theight), Int(thumbnail.tcolors))
            guard channels == 1 || channels == 3, bytes.count >= width * height * channels else {
                throw PhotoError.unsupported(.raw, "a bitmap preview of \(channels) channels in \(bytes.count) bytes")
            }
            return try body(.bitmap(width: width, height: height, channels: channels, bytes: bytes))
        case LIBRAW_THUMBNAIL_UNKNOWN:
            throw PhotoError.unsupported(.raw, "a preview libraw cannot read")
        default:
            throw PhotoError.unsupported(.raw, "a preview of kind \(thumbnail.tformat.rawValue)")
        }
    }

    /// Develops the sensor data in full (`libraw_unpack`, `libraw_dcraw_process`, `libraw_dcraw_make_mem_image`:
    /// demosaicing, white balance, colour, 8-bit sRGB) and calls `body` with it as 3-channel pixels. Seconds for a
    /// camera's file: never on the wall, only to compare with the preview (the benchmark).
    /// - Throws: the errors of `error(_:)`.
    func withDevelopedImage<Result>(
        _ body: (_ width: Int, _ height: Int, _ rgb: UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        for step in [libraw_unpack, libraw_dcraw_process] {
            let status = step(data)
            guard status == LIBRAW_SUCCESS.rawValue else { throw Self.error(status) }
        }
        var status: Int32 = 0
        guard let image = libraw_dcraw_make_mem_image(data, &status) else { throw Self.error(status) }
        defer { libraw_dcraw_clear_mem(image) }
        let (width, height, channels) = (Int(image.pointee.width), Int(image.pointee.height), Int(image.pointee.colors))
        guard image.pointee.bits == 8, channels == 3 else {
            throw PhotoError.unsupported(.raw, "a development of \(channels) channels of \(image.pointee.bits) bits")
        }
        guard Int(image.pointee.data_size) >= width * height * channels,
            let offset = MemoryLayout<libraw_processed_image_t>.offset(of: \.data)
        else {
            throw PhotoError.unsupported(.raw, "a development of \(image.pointee.data_size) bytes")
        }
        let pixels = UnsafeRawBufferPointer(start: UnsafeRawPointer(image) + offset, count: width * height * channels)
        return try body(width, height, pixels)
    }

    /// The named error of a libraw status: `.unsupportedRAWCamera` (LIBRAW_FILE_UNSUPPORTED: not a RAW libraw knows),
    /// `.truncated(.raw)` (LIBRAW_IO_ERROR: the file ends before what it points at), `.rawHasNoPreview`
    /// (LIBRAW_NO_THUMBNAIL), else `.unsupported(.raw, ...)` with libraw's own words (`libraw_strerror`).
    static func error(_ status: Int32) -> PhotoError {
        switch status {
        case LIBRAW_FILE_UNSUPPORTED.rawValue: return .unsupportedRAWCamera
        case LIBRAW_IO_ERROR.rawValue: return .truncated(.raw)
        case LIBRAW_NO_THUMBNAIL.rawValue: return .rawHasNoPreview
        default:
            return .unsupported(.raw, libraw_strerror(status).map { String(cString: $0) } ?? "libraw error \(status)")
        }
    }
}
