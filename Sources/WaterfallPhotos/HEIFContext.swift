import CHeif

/// A libheif context over a HEIF or AVIF file's bytes in memory (`heif_context_read_from_memory_without_copy`), with
/// libheif's own size limit set to `ImageHeader.maximumSide`: the one boundary to libheif's C API.
///
/// libheif reads the bytes where they lie, without copying them: a context is used only inside `withContext`,
/// while they are borrowed.
final class HEIFContext {
    /// The format being read, which errors name.
    let format: ImageFormat
    private let context: OpaquePointer

    private init(format: ImageFormat, context: OpaquePointer) {
        self.format = format
        self.context = context
    }

    deinit { heif_context_free(context) }

    /// libheif's plugins registered once, before the first context (`heif_init`).
    private static let initialized: Bool = {
        heif_init(nil)
        return true
    }()

    /// A context whose file libheif has not read yet.
    private static func allocate(_ format: ImageFormat) throws -> HEIFContext {
        _ = initialized
        guard let allocated = heif_context_alloc() else { throw PhotoError.unsupported(format, "no libheif context") }
        heif_context_set_maximum_image_size_limit(allocated, Int32(ImageHeader.maximumSide))
        return HEIFContext(format: format, context: allocated)
    }

    /// Calls `body` with a context over `bytes`, a whole file, and returns its result.
    /// - Throws: `PhotoError.truncated(format)` where libheif finds the data ending too soon;
    ///   `PhotoError.unsupported(format, ...)` with libheif's message for anything else it refuses.
    static func withContext<Result>(_ bytes: UnsafeRawBufferPointer, format: ImageFormat,
                                    _ body: (HEIFContext) throws -> Result) throws -> Result {
        let context = try allocate(format)
        guard let base = bytes.baseAddress else { throw PhotoError.truncated(format) }
        let read = heif_context_read_from_memory_without_copy(context.context, base, bytes.count, nil)
        // libheif names a box cut short by what it then misses ("No 'meta' box"): the file is truncated.
        if read.code != heif_error_Ok, lastBoxRunsPastEnd(bytes) { throw PhotoError.truncated(format) }
        try context.check(read)
        return try body(context)
    }

    /// Whether the top-level boxes of `bytes`, walked by their sizes, end past the end of the bytes.
    static func lastBoxRunsPastEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        func uint32(at offset: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) } }
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return true }
            var size = uint32(at: offset)
            if size == 1 {
                guard offset + 16 <= bytes.count else { return true }
                size = uint32(at: offset + 8) << 32 | uint32(at: offset + 12)
            }
            guard size != 0 else { return false }  // to the end of the file
            guard size >= 8 else { return false }  // not a box: libheif's own error
            guard size <= bytes.count - offset else { return true }
            offset += size
        }
        return offset > bytes.count
    }

    /// Calls `body` with a context over the file `reader` reads, and returns its result. libheif reads through it what
    /// it parses (`heif_context_read_from_reader`, told the file's true size): the top-level boxes, the `ftyp` and
    /// `meta` boxes whole, and the items' data, which libheif 1.15 reads while parsing. Past `end` (the `meta` box's
    /// end), a read over `Source.itemLimit` bytes (coded pixels) gets zeros without reading the file; a small one (a
    /// grid's description) is read. At most `limit` bytes are read in all.
    ///
    /// `heif_context_read_from_memory_without_copy` cannot parse a file's start alone: it refuses item locations
    /// (`iloc`) past the end of the memory it is given, and the coded data lies past the `meta` box.
    /// - Throws: `PhotoError.truncated` when the file ends too soon; `PhotoError.unsupported` when libheif reads more
    ///   than `limit`, and what `withContext(_:format:_:)` throws.
    static func withContext<Result>(reading reader: inout ByteReader, limit: Int, refusingFrom end: Int,
                                    _ body: (HEIFContext) throws -> Result) throws -> Result {
        let context = try allocate(reader.format)
        let source = Source(reader, limit: limit, end: end)
        defer { reader = source.reader }
        var callbacks = heif_reader(reader_api_version: 1, get_position: { user in
            Source.of(user).map { Int64($0.position) } ?? 0
        }, read: { data, size, user in
            Source.of(user)?.read(into: data, count: size) == true ? 0 : 1
        }, seek: { position, user in
            Source.of(user)?.position = Int(position)
            return 0
        }, wait_for_file_size: { size, user in
            Source.of(user)?.has(size: Int(size)) == true ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
        })
        let read = withExtendedLifetime(source) {
            heif_context_read_from_reader(context.context, &callbacks, Unmanaged.passUnretained(source).toOpaque(), nil)
        }
        if let failure = source.failure { throw failure }
        // libheif names a box cut short by what it then misses ("No 'meta' box"): the file is truncated.
        if read.code != heif_error_Ok, source.ranOut { throw PhotoError.truncated(reader.format) }
        try context.check(read)
        return try body(context)
    }

    /// The file libheif reads through `heif_reader`'s callbacks: a `ByteReader`, with what went wrong kept to throw.
    private final class Source {
        var reader: ByteReader
        var position = 0
        let limit: Int
        var total = 0
        /// Why a read failed (the file ended, or `limit` was passed).
        var failure: PhotoError?
        /// Whether libheif looked for bytes past the file's end.
        var ranOut = false

        /// Where the boxes libheif needs end (the `meta` box's end): a read of more than `itemLimit` bytes from there
        /// (an `mdat` box's contents, read whole in libheif's walk) is refused.
        let end: Int
        static let itemLimit = 64 << 10

        init(_ reader: ByteReader, limit: Int, end: Int) {
            self.reader = reader
            self.limit = limit
            self.end = end
        }

        /// The source passed to libheif as `user`.
        static func of(_ user: UnsafeMutableRawPointer?) -> Source? {
            user.map { Unmanaged<Source>.fromOpaque($0).takeUnretainedValue() }
        }

        /// Whether the file has `size` bytes; notes when it has not (libheif also asks at the end of a whole file).
        func has(size: Int) -> Bool {
            if size > reader.size { ranOut = true }
            return size <= reader.size
        }

        /// Copies the `count` bytes at `position` into `data`, always: libheif 1.15 asserts that reads of items'
        /// data succeed (`Box_iloc::read_data`), and reads every item's coded data while parsing. A read past `end`
        /// of more than `itemLimit` bytes (coded pixels, which no header needs), or one that cannot be served (the file
        /// ended, or `limit` was passed: `failure` then says why, thrown once libheif returns), gives zeros instead.
        func read(into data: UnsafeMutableRawPointer?, count: Int) -> Bool {
            guard count > 0 else { return true }  // (an empty av1C's configuration, into no buffer)
            guard let data else { return false }
            defer { position += count }
            guard position >= 0, count <= reader.size - position else {
                failure = failure ?? .truncated(reader.format)
                data.initializeMemory(as: UInt8.self, repeating: 0, count: count)
                return true
            }
            let isCodedData = position >= end && count > Self.itemLimit
            total += isCodedData ? 0 : count
            if total > limit, failure == nil {
                failure = .unsupported(reader.format, "a header of more than \(limit) bytes")
            }
            guard !isCodedData, failure == nil else {
                data.initializeMemory(as: UInt8.self, repeating: 0, count: count)
                return true
            }
            do {
                reader.offset = position
                let bytes = try reader.take(count)
                bytes.withUnsafeBytes { bytes in
                    if let base = bytes.baseAddress { data.copyMemory(from: base, byteCount: count) }
                }
            } catch {
                failure = error as? PhotoError ?? .truncated(reader.format)
                data.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            }
            return true
        }
    }

    /// The primary image (`heif_context_get_primary_image_handle`).
    func primaryImage() throws -> HEIFImageHandle {
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        guard let handle else { throw PhotoError.unsupported(format, "no primary image") }
        return HEIFImageHandle(handle, context: self)
    }

    /// Throws `error` as a `PhotoError` unless it is `heif_error_Ok`.
    func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        if error.subcode == heif_suberror_End_of_data { throw PhotoError.truncated(format) }
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        throw PhotoError.unsupported(format, message)
    }
}

/// An image in a HEIF file, the primary one or a thumbnail (`heif_image_handle`), released with it.
final class HEIFImageHandle {
    private let handle: OpaquePointer
    private let context: HEIFContext

    fileprivate init(_ handle: OpaquePointer, context: HEIFContext) {
        self.handle = handle
        self.context = context
    }

    deinit { heif_image_handle_release(handle) }

    /// The image's size as shown: after its transformations (`clap` crop, `irot` rotation, `imir` mirroring), so
    /// upright (`heif_image_handle_get_width`, `_height`).
    var size: (width: Int, height: Int) {
        (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
    }

    /// The size its `ispe` property declares: the coded image's, before any transformation.
    var codedSize: (width: Int, height: Int) {
        (Int(heif_image_handle_get_ispe_width(handle)), Int(heif_image_handle_get_ispe_height(handle)))
    }

    /// The thumbnails the file stores for the image (`heif_image_handle_get_list_of_thumbnail_IDs`).
    func thumbnails() throws -> [HEIFImageHandle] {
        let count = Int(heif_image_handle_get_number_of_thumbnails(handle))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
        return try ids.prefix(listed).map { id in
            var thumbnail: OpaquePointer?
            try context.check(heif_image_handle_get_thumbnail(handle, id, &thumbnail))
            guard let thumbnail else { throw PhotoError.unsupported(context.format, "no thumbnail \(id)") }
            return HEIFImageHandle(thumbnail, context: context)
        }
    }

    /// The image decoded with its transformations applied, as interleaved 8-bit RGBA (`heif_decode_image`, deeper
    /// images converted to 8 bits; opaque when the image has no alpha).
    /// - Throws: libheif's refusal, as `HEIFContext.check` names it; `PhotoError.tooLarge` for a decoded size over
    ///   the limits.
    func decodeRGBA() throws -> RGBAImage {
        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.convert_hdr_to_8bit = 1
        var decoded: OpaquePointer?
        // AV1 through libaom: dav1d, libheif's first choice, prints what it finds wrong in a broken file on stderr.
        let decoder = context.format == .avif ? "aom" : nil
        let result = decoder.map { name in
            name.withCString { name in
                options?.pointee.decoder_id = name
                return heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
            }
        } ?? heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
        try context.check(result)
        guard let decoded else { throw PhotoError.unsupported(context.format, "no decoded image") }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        try ImageHeader(format: context.format, width: width, height: height).checkSize()
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride), Int(stride) >= width * 4 else {
            throw PhotoError.unsupported(context.format, "no interleaved RGBA plane")
        }
        let rowBytes = width * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for row in 0..<height {
                UnsafeMutableRawPointer(base + row * rowBytes).copyMemory(from: plane + row * Int(stride), byteCount: rowBytes)
            }
            initialized = rowBytes * height
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }
}
