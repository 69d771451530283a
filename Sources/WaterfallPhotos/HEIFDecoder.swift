/// Decodes a HEIF (HEIC) or AVIF file's primary image with libheif, or, when the file stores a thumbnail of it at
/// least as wide as the card (phones store one), the smallest such thumbnail instead: a fraction of the work.
/// Either is decoded with its transformations applied (upright, as the header's size says) to interleaved 8-bit RGBA,
/// its alpha straight, as PNG's is.
enum HEIFDecoder {
    /// The image of `bytes` (a whole file of `format`, `.heif` or `.avif`) to show `width` pixels wide: the smallest
    /// stored thumbnail at least that wide, else the primary image.
    /// - Throws: `PhotoError.truncated(format)` when the data ends too soon ("truncated HEIC");
    ///   `PhotoError.unsupported(format, ...)` with libheif's message for what it refuses; `PhotoError.tooLarge`.
    static func decode(_ bytes: UnsafeRawBufferPointer, format: ImageFormat, width: Int) throws -> RGBAImage {
        try HEIFContext.withContext(bytes, format: format) { context in
            let primary = try context.primaryImage()
            let shown = try image(toShow: primary, width: width)
            var image = try shown.decodeRGBA()
            // A thumbnail without a colr box of its own is in its image's colours.
            image.profile = shown.colorProfile ?? primary.colorProfile
            return image
        }
    }

    /// The smallest of `primary`'s thumbnails at least `width` wide and smaller than it, else `primary`.
    static func image(toShow primary: HEIFImageHandle, width: Int) throws -> HEIFImageHandle {
        let large = try primary.thumbnails().filter { $0.size.width >= width && $0.size.width < primary.size.width }
        return large.min { $0.size.width < $1.size.width } ?? primary
    }
}
