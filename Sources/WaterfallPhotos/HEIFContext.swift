import CHeif

/// A libheif context over a HEIF or AVIF file: its bytes in memory (`heif_context_read_from_memory_without_copy`), or
/// read through the header reads (`HEIFContext+Reader.swift`), with libheif's own size limit set to
/// `ImageHeader.maximumSide`. With `HEIFImageHandle`, the boundary to libheif's C API: only these files import CHeif.
///
/// libheif reads the bytes where they lie, without copying them: a context is used only inside `withContext`,
/// while they are borrowed.
final class HEIFContext {
    /// The format being read, which errors name.
    let format: ImageFormat
    /// libheif's context, freed with this object.
    let context: OpaquePointer

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
    static func allocate(_ format: ImageFormat) throws -> HEIFContext {
        _ = initialized
        guard let allocated = heif_context_alloc() else { throw PhotoError.unsupported(format, "no libheif context") }
        heif_context_set_maximum_image_size_limit(allocated, Int32(ImageHeader.maximumSide))
        return HEIFContext(format: format, context: allocated)
    }

    /// Calls `body` with a context over `bytes`, a whole file, and returns its result.
    /// - Throws: `PhotoError.truncated(format)` where libheif finds the data ending too soon;
    ///   `PhotoError.unsupported(format, ...)` with libheif's message for anything else it refuses.
    static func withContext<Result>(
        _ bytes: UnsafeRawBufferPointer, format: ImageFormat,
        _ body: (HEIFContext) throws -> Result
    ) throws -> Result {
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
