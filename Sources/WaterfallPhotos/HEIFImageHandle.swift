import CHeif

/// An image in a HEIF file, the primary one or a thumbnail (`heif_image_handle`), released with it.
final class HEIFImageHandle {
    private let handle: OpaquePointer
    private let context: HEIFContext

    init(_ handle: OpaquePointer, context: HEIFContext) {
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

    /// The ICC profile of the image's `colr` box of type `prof` or `rICC`, if it has one. (An `nclx` colr names its
    /// colours by code points instead: not read here.)
    var iccProfile: ColorProfile? {
        let type = heif_image_handle_get_color_profile_type(handle)
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok else { return nil }
        return ColorProfile(bytes: bytes)
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
