import SystemPackage

/// What a photo's header says, read without decoding a pixel: its format, its stored size, how to turn it upright
/// and when it was taken.
public struct ImageHeader: Hashable, Sendable {
    /// The format its magic number names.
    public var format: ImageFormat
    /// The stored width in pixels.
    public var width: Int
    /// The stored height in pixels.
    public var height: Int
    /// How to turn the stored pixels upright (EXIF, or a TIFF's own Orientation tag); `.up` without one.
    public var orientation: ExifOrientation = .up
    /// EXIF's DateTimeOriginal ("2024:05:01 12:30:00"), when the header has it.
    public var dateTaken: String? {
        get { exifDate?.text }
        set { exifDate = newValue.map(ExifDateText.init) }
    }
    /// `dateTaken` as it is held: its digits, in the usual form.
    public var exifDate: ExifDateText?
    /// A video's duration in seconds, when its container says it; `nil` for pictures.
    public var duration: Double?
    /// The camera, lens and exposure its EXIF names, as the walk reads them for the library index (`nil` when the
    /// EXIF names none, or the header was read otherwise).
    public var shot: ShotDetails?

    /// A header of `format`, `width` × `height` stored pixels (a video's: its display size, the sample aspect ratio
    /// applied, before its rotation), lasting `duration` seconds when it is a video.
    public init(
        format: ImageFormat, width: Int, height: Int, orientation: ExifOrientation = .up, dateTaken: String? = nil,
        duration: Double? = nil
    ) {
        self.init(
            format: format, width: width, height: height, orientation: orientation,
            exifDate: dateTaken.map(ExifDateText.init), duration: duration)
    }

    /// A header as `init(format:width:height:orientation:dateTaken:duration:)` makes it, with its date as it is held.
    public init(
        format: ImageFormat, width: Int, height: Int, orientation: ExifOrientation = .up, exifDate: ExifDateText?,
        duration: Double? = nil
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.exifDate = exifDate
        self.duration = duration
    }

    /// The size the picture shows at, upright: the stored size, its sides swapped for orientations 5 to 8.
    public var orientedSize: (width: Int, height: Int) {
        orientation.swapsSides ? (height, width) : (width, height)
    }

    /// The most pixels a photo may have: larger ones are refused from the header, before anything is allocated.
    public static let maximumPixels = 200_000_000
    /// The longest side a photo may have.
    public static let maximumSide = 65_535

    /// Reads the header of a whole file's `bytes`.
    /// - Throws: `PhotoError` when the bytes are no image of a known format, end too soon, or name a size that is 0,
    ///   above `maximumSide` a side or above `maximumPixels` in all.
    public static func read(_ bytes: [UInt8]) throws -> ImageHeader {
        guard let format = ImageFormat(magic: bytes) else {
            throw bytes.isEmpty ? PhotoError.empty : PhotoError.notAnImage
        }
        var reader = ByteReader(bytes, format: format)
        return try read(&reader)
    }

    /// Reads the header of a file of `size` bytes whose first bytes `start` (at least its first `ImageFormat.bytesRead`,
    /// or all of them)
    /// were read, reading more with `more` as `reads` says: where the header lies further than `start`, only the
    /// pieces of the file that its walk needs are read. The result is the one `read(_:)` gives for the whole file.
    /// - Throws: what `read(_:)` throws, and what `more` throws.
    package static func read(
        start: [UInt8], size: Int, reads: HeaderReads = .standard,
        more: @escaping HeaderReads.More
    ) throws -> ImageHeader {
        try readWithExif(start: start, size: size, reads: reads, more: more).header
    }

    /// `read(start:size:reads:more:)`, with the header's EXIF block (a TIFF structure), if it has one.
    /// `file`, the file's path when the bytes are a file's, lets libraw open a RAW from it (`RAWHeader`), and tells a
    /// TIFF-based RAW by its name.
    static func readWithExif(
        start: [UInt8], size: Int, reads: HeaderReads = .standard, file: FilePath? = nil,
        more: @escaping HeaderReads.More
    ) throws -> (header: ImageHeader, exif: ArraySlice<UInt8>?) {
        guard let format = ImageFormat(magic: start) else {
            throw start.isEmpty ? PhotoError.empty : PhotoError.notAnImage
        }
        var reader = ByteReader(start: start, size: size, format: format, reads: reads, file: file, more: more)
        return try readWithExif(&reader)
    }

    /// Reads the header of the format `reader` reads, and checks its size.
    private static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        try readWithExif(&reader).header
    }

    /// Reads the header of the format `reader` reads and checks its size; returns it with its EXIF block (a TIFF
    /// structure, at most `ExifReader.readLimit` bytes), if it has one.
    static func readWithExif(_ reader: inout ByteReader) throws -> (header: ImageHeader, exif: ArraySlice<UInt8>?) {
        let read: (header: ImageHeader, exif: ArraySlice<UInt8>?)
        switch reader.format {
        case .jpeg: read = try JPEGHeader.read(&reader)
        case .png: read = try PNGHeader.read(&reader)
        case .webp: read = try WebPHeader.read(&reader)
        case .tiff: read = (try RAWHeader.readTIFFOrRAW(&reader), nil)
        case .gif: read = (try GIFHeader.read(&reader), nil)
        case .jxl: read = (try JXLHeader.read(&reader), nil)
        case .heif, .avif: read = (try HEIFHeader.read(&reader), nil)
        case .video: read = (try VideoHeader.read(&reader), nil)
        case .raw: read = (try RAWHeader.read(&reader), nil)
        }
        try read.header.checkSize()
        return read
    }

    /// Refuses a size of 0, above `maximumSide` a side or above `maximumPixels` in all.
    func checkSize() throws {
        guard width > 0, height > 0 else { throw PhotoError.unsupported(format, "a size of \(width) × \(height)") }
        guard width <= Self.maximumSide, height <= Self.maximumSide, width * height <= Self.maximumPixels else {
            throw PhotoError.tooLarge(width: width, height: height)
        }
    }
}
