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

    /// The colour profile of the image's `colr` box: its ICC profile (type `prof` or `rICC`), or, for an `nclx` box
    /// whose code points (ITU-T H.273) name primaries other than sRGB's (BT.709's, or unspecified: `nil`), an RGB
    /// profile of those primaries (Display P3, BT.2020...) with sRGB's tone curve. Transfer characteristics other than
    /// sRGB's family (BT.709, BT.601, sRGB, BT.2020's SDR: 1, 6, 13, 14, 15, or unspecified) — HDR's PQ and HLG — are not
    /// converted: `nil`.
    var colorProfile: ColorProfile? {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_nclx { return nclxProfile }
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok else { return nil }
        return ColorProfile(bytes: bytes)
    }

    /// The profile of the image's `nclx` colour box (see `colorProfile`).
    private var nclxProfile: ColorProfile? {
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        let error = heif_image_handle_get_nclx_color_profile(handle, &nclx)
        // libheif 1.15 allocates the profile before it checks the box, and returns it with its error for primaries or
        // matrix coefficients it does not know: freed whatever the error (a leak the fuzzer found).
        defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
        guard error.code == heif_error_Ok, let nclx else { return nil }
        let box = nclx.pointee
        let sRGBPrimaries: Set<UInt32> = [1, 2]  // BT.709, unspecified
        let sRGBLikeTransfers: Set<UInt32> = [1, 2, 6, 13, 14, 15]
        guard !sRGBPrimaries.contains(box.color_primaries.rawValue),
            sRGBLikeTransfers.contains(box.transfer_characteristics.rawValue)
        else { return nil }
        func point(_ x: Float, _ y: Float) -> ColorProfile.Chromaticity { .init(x: Double(x), y: Double(y)) }
        return ColorProfile.rgb(
            red: point(box.color_primary_red_x, box.color_primary_red_y),
            green: point(box.color_primary_green_x, box.color_primary_green_y),
            blue: point(box.color_primary_blue_x, box.color_primary_blue_y),
            white: point(box.color_primary_white_x, box.color_primary_white_y))
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

    /// The image decoded with its transformations applied to interleaved 8-bit samples (`heif_decode_image`, deeper
    /// images converted to 8 bits; an AVIF's AV1 through `av1`), and `body` called with its rows: RGBA for an image
    /// with alpha, else RGB (3 bytes a pixel: libheif's conversion to it is the cheaper, by 13 % of an AVIF's decode).
    /// The rows are libheif's own plane, borrowed for the call: the picture is never copied whole.
    /// - Throws: libheif's refusal, as `HEIFContext.check` names it; `PhotoError.tooLarge` for a decoded size over
    ///   the limits; what `body` throws.
    func withDecodedRows<Result>(
        av1: HEIFDecoder.AV1Decoder = .aom, _ body: (DecodedRows) throws -> Result
    ) throws -> Result {
        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.convert_hdr_to_8bit = 1
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let chroma = hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
        var decoded: OpaquePointer?
        let decoder = context.format == .avif ? av1.rawValue : nil
        let result =
            decoder.map { name in
                name.withCString { name in
                    options?.pointee.decoder_id = name
                    return heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, options)
                }
            } ?? heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, options)
        try context.check(result)
        guard let decoded else { throw PhotoError.unsupported(context.format, "no decoded image") }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        try ImageHeader(format: context.format, width: width, height: height).checkSize()
        let channels = hasAlpha ? 4 : 3
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
            Int(stride) >= width * channels
        else {
            throw PhotoError.unsupported(context.format, "no interleaved \(hasAlpha ? "RGBA" : "RGB") plane")
        }
        return try body(
            DecodedRows(width: width, height: height, hasAlpha: hasAlpha, plane: plane, stride: Int(stride)))
    }

    /// A decoded image's rows in libheif's plane, borrowed: `width` pixels of RGBA (`hasAlpha`) or RGB each, `stride`
    /// bytes apart.
    struct DecodedRows {
        let width: Int
        let height: Int
        let hasAlpha: Bool
        let plane: UnsafePointer<UInt8>
        let stride: Int

        /// The rows shrunk to `targetWidth` × `targetHeight` by `AreaScaler` and laid over `background`, and whether
        /// every pixel was opaque. RGB rows are widened to RGBA one at a time, in one row's memory.
        func scaled(
            toWidth targetWidth: Int, height targetHeight: Int, over background: UInt32
        ) -> (thumbnail: Thumbnail, isOpaque: Bool) {
            var scaler = AreaScaler(
                sourceWidth: width, sourceHeight: height, targetWidth: targetWidth, targetHeight: targetHeight,
                background: background, checksOpacity: hasAlpha)
            if hasAlpha {
                for row in 0..<height {
                    scaler.add(row: UnsafeBufferPointer(start: plane + row * stride, count: width * 4))
                }
            } else {
                var rgba = [UInt8](repeating: 255, count: width * 4)
                for row in 0..<height {
                    let source = plane + row * stride
                    rgba.withUnsafeMutableBufferPointer { rgba in
                        for x in 0..<width {
                            rgba[x * 4] = source[x * 3]
                            rgba[x * 4 + 1] = source[x * 3 + 1]
                            rgba[x * 4 + 2] = source[x * 3 + 2]
                        }
                    }
                    rgba.withUnsafeBufferPointer { scaler.add(row: $0) }
                }
            }
            return (scaler.thumbnail(), scaler.isOpaque)
        }
    }
}
