/// Decodes a HEIF (HEIC) or AVIF file's primary image with libheif, or, when the file stores a thumbnail of it at
/// least 90 % as wide as the card (phones store one), the smallest such thumbnail instead: a fraction of the work, for
/// a picture enlarged by at most 11 %.
/// Either is decoded with its transformations applied (upright, as the header's size says) to interleaved 8-bit RGBA,
/// its alpha straight, as PNG's is.
package enum HEIFDecoder {
    /// The libheif decoder plugin an AVIF's AV1 goes through (`heif_decoding_options.decoder_id`).
    package enum AV1Decoder: String {
        /// libaom: quiet, and slower. In this process, where nothing may print on the program's standard error.
        case aom
        /// dav1d, libheif's first choice: faster, with threads of its own, but it prints what it finds wrong in a
        /// broken file on standard error, and has no switch for it. In the decoder worker, whose standard error is
        /// pointed away for the call (`DecoderWorker`).
        case dav1d
    }

    /// The image of `bytes` (a whole file of `format`, `.heif` or `.avif`) to show `width` pixels wide: the smallest
    /// stored thumbnail at least 90 % that wide, else the primary image; an AVIF's AV1 through `av1`. It is scaled to
    /// `targetWidth` × `targetHeight` straight from libheif's rows and laid over `background`; returned with whether
    /// it was opaque and the ICC profile its colours are in (`nil`: sRGB).
    /// - Throws: `PhotoError.truncated(format)` when the data ends too soon ("truncated HEIC");
    ///   `PhotoError.unsupported(format, ...)` with libheif's message for what it refuses; `PhotoError.tooLarge`.
    static func decodeScaled(
        _ bytes: UnsafeRawBufferPointer, format: ImageFormat, width: Int, targetWidth: Int, targetHeight: Int,
        background: UInt32, av1: AV1Decoder = .aom
    ) throws -> (thumbnail: Thumbnail, isOpaque: Bool, profile: ColorProfile?) {
        try HEIFContext.withContext(bytes, format: format) { context in
            let primary = try context.primaryImage()
            let shown = try image(toShow: primary, width: width)
            let scaled = try shown.withDecodedRows(av1: av1) {
                $0.scaled(toWidth: targetWidth, height: targetHeight, over: background)
            }
            // A thumbnail without a colr box of its own is in its image's colours.
            return (scaled.thumbnail, scaled.isOpaque, shown.colorProfile ?? primary.colorProfile)
        }
    }

    /// The smallest of `primary`'s thumbnails at least 90 % of `width` wide and smaller than it, else `primary`.
    static func image(toShow primary: HEIFImageHandle, width: Int) throws -> HEIFImageHandle {
        let large = try primary.thumbnails().filter {
            $0.size.width * 10 >= width * 9 && $0.size.width < primary.size.width
        }
        return large.min { $0.size.width < $1.size.width } ?? primary
    }
}

/// Which of a HEIF's or AVIF's images a card of a width shows, for the benchmark's table (Benchmarks/).
@_spi(Benchmarking) public enum HEIFThumbnails {
    /// "stored thumbnail W × H" when the card `width` pixels wide shows the file's stored thumbnail, else "primary
    /// image W × H": the choice `ThumbnailDecoder` makes.
    /// - Throws: `PhotoError`, as the thumbnail's decode.
    public static func shownImage(of bytes: [UInt8], width: Int) throws -> String {
        let format = try ImageHeader.read(bytes).format
        return try bytes.withUnsafeBytes { bytes in
            try HEIFContext.withContext(bytes, format: format) { context in
                let primary = try context.primaryImage()
                let shown = try HEIFDecoder.image(toShow: primary, width: width)
                let kind = shown.size == primary.size ? "primary image" : "stored thumbnail"
                return "\(kind) \(shown.size.width) × \(shown.size.height)"
            }
        }
    }
}
