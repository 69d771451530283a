import CTIFF

/// Decodes a TIFF's first page with libtiff, from the bytes in memory (no temporary file), through its RGBA interface
/// (`TIFFReadRGBAImageOriented`): any bit depth, grey, palette, RGB, CMYK, YCbCr, with or without alpha, stripped or
/// tiled, in any of libtiff's compressions. The pixels come out as stored (not turned: `ImageHeader.orientation`
/// turns them, as EXIF's does a JPEG's), and libtiff's messages become the error's reason instead of lines on stderr.
enum TIFFDecoder {
    /// The most bytes libtiff may allocate at once (a strip or a tile, a table): what the largest photo's RGBA pixels
    /// take, so a hostile file's counts cannot make it allocate more.
    static let maximumAllocation = ImageHeader.maximumPixels * 4

    /// The first page of the TIFF `bytes`, as stored, in straight (not premultiplied) RGBA.
    /// - Throws: `PhotoError.tooLarge` when libtiff's size passes the limits (before any pixel memory),
    ///   `.truncated` when the page's strips or tiles pass the end of the bytes, else `.unsupported` with libtiff's
    ///   message.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> RGBAImage {
        var source = waterfall_tiff_source()
        source.bytes = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        source.size = UInt64(bytes.count)
        return try withUnsafeMutablePointer(to: &source) { source in
            guard let tiff = waterfall_tiff_open(source, tmsize_t(maximumAllocation)) else {
                throw error(of: source, tiff: nil)
            }
            defer { TIFFClose(tiff) }
            let width = Int(waterfall_tiff_uint32_field(tiff, UInt32(TIFFTAG_IMAGEWIDTH)))
            let height = Int(waterfall_tiff_uint32_field(tiff, UInt32(TIFFTAG_IMAGELENGTH)))
            // The size libtiff decodes is checked too, before the pixels' memory: the header's was read apart.
            try ImageHeader(format: .tiff, width: width, height: height).checkSize()
            var reason = [CChar](repeating: 0, count: 1024)
            guard TIFFRGBAImageOK(tiff, &reason) == 1 else {
                throw PhotoError.unsupported(
                    .tiff, String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self))
            }
            // Asked for the orientation the page has, libtiff flips nothing: the rows come as stored, top one first.
            let stored = waterfall_tiff_uint16_field(tiff, UInt32(TIFFTAG_ORIENTATION), UInt16(ORIENTATION_TOPLEFT))
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let done = pixels.withUnsafeMutableBytes { raster in
                TIFFReadRGBAImageOriented(
                    tiff, UInt32(width), UInt32(height), raster.baseAddress?.assumingMemoryBound(to: UInt32.self),
                    Int32(stored), 1)
            }
            guard done == 1 else { throw error(of: source, tiff: tiff) }
            unpremultiply(&pixels)
            return RGBAImage(width: width, height: height, bytes: pixels, profile: profile(of: tiff))
        }
    }

    /// The page's ICC profile (its ICCProfile tag), if it has one.
    private static func profile(of tiff: OpaquePointer) -> ColorProfile? {
        var count: UInt32 = 0
        guard let bytes = waterfall_tiff_icc_profile(tiff, &count) else { return nil }
        return ColorProfile(bytes: Array(UnsafeRawBufferPointer(start: bytes, count: Int(count))))
    }

    /// The error libtiff reported on `source`: `.truncated` when a strip or tile of the page passes the end of the
    /// bytes, else libtiff's first message.
    private static func error(
        of source: UnsafeMutablePointer<waterfall_tiff_source>, tiff: OpaquePointer?
    ) -> PhotoError {
        if let tiff,
            (0..<TIFFNumberOfStrips(tiff)).contains(where: { strile in
                let offset = TIFFGetStrileOffset(tiff, strile)
                let count = TIFFGetStrileByteCount(tiff, strile)
                return offset > source.pointee.size || count > source.pointee.size - offset
            })
        {
            return .truncated(.tiff)
        }
        let message = withUnsafeBytes(of: source.pointee.error) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .unsupported(.tiff, message.isEmpty ? "libtiff cannot read it" : message)
    }

    /// Turns libtiff's premultiplied colour (its RGBA interface premultiplies unassociated alpha too) into the
    /// straight colour `RGBAPixels.scaled` weights by alpha. libtiff packs each pixel as 0xAABBGGRR: in memory R, G, B,
    /// A on a little-endian machine.
    private static func unpremultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { bytes in
            #if _endian(big)
                for index in stride(from: 0, to: bytes.count, by: 4) {
                    (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3]) = (
                        bytes[index + 3], bytes[index + 2], bytes[index + 1], bytes[index]
                    )
                }
            #endif
            for index in stride(from: 3, to: bytes.count, by: 4) where bytes[index] != 255 {
                let alpha = Int(bytes[index])
                for channel in (index - 3)..<index {
                    bytes[channel] = alpha == 0 ? 0 : UInt8(min(255, (Int(bytes[channel]) * 255 + alpha / 2) / alpha))
                }
            }
        }
    }
}
