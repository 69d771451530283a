/// How long a photo's thumbnail takes to decode, estimated from what its header told (the format and the size in
/// pixels) and the file's size, without reading the file again: what a program orders its decodes by when it wants
/// several at once (the costliest first, so that the cores run out of work together rather than one of them
/// finishing a large PNG alone at the end).
///
/// The estimate is in milliseconds on one core of the machine `BENCHMARKS.md` describes, from its thumbnail table
/// and from 3840 × 2400 JPEGs, 3640 × 2400 RGBA PNGs and 4096 × 4096 WebPs of noisy photos: a time per megapixel (the
/// work every pixel costs: filtering, colour conversion, the scale) plus a time per megabyte of file (the entropy
/// decoding, which grows with the detail the photo holds). Other machines differ by a factor, which keeps the order.
public enum DecodeCost {
    /// The milliseconds per megapixel and per megabyte of a format's decode to a card's width.
    struct Rate {
        var perMegapixel: Double
        var perMegabyte: Double
    }

    /// The rates of `format`'s thumbnail decode. JPEG and WebP decode scaled (TurboJPEG's DCT scaling, libwebp's
    /// scaled output), so their bytes cost more than their pixels; PNG inflates and filters every row; the others
    /// decode the whole picture before it is scaled. `nil` for a RAW, which shows its embedded preview, and a video,
    /// which shows one frame: their cost is fixed (`fixedMilliseconds`).
    static func rate(of format: ImageFormat) -> Rate? {
        switch format {
        case .jpeg: return Rate(perMegapixel: 1.5, perMegabyte: 14)
        case .png: return Rate(perMegapixel: 20, perMegabyte: 6)
        case .webp: return Rate(perMegapixel: 3, perMegabyte: 95)
        case .gif: return Rate(perMegapixel: 13, perMegabyte: 0)
        case .tiff: return Rate(perMegapixel: 16, perMegabyte: 0)
        case .jxl: return Rate(perMegapixel: 26, perMegabyte: 0)
        case .heif: return Rate(perMegapixel: 65, perMegabyte: 0)
        case .avif: return Rate(perMegapixel: 36, perMegabyte: 0)
        case .video, .raw: return nil
        }
    }

    /// What a megabyte of a file of no known format or size costs: a PNG's whole decode per megabyte of a photo's PNG
    /// (about 2.3 bytes a pixel).
    static let unknownPerMegabyte = 20 / 2.3 + 6

    /// The fixed cost of a RAW's preview or a video's frame, in milliseconds: a worker process's round trip and a
    /// small decode.
    static let fixedMilliseconds = 15.0

    /// The estimated milliseconds of the thumbnail decode of a `format` photo of `pixelWidth` × `pixelHeight`
    /// (`nil`: the header did not say) in a file of `fileSize` bytes. A photo of an unknown format or size gets the
    /// cost of its bytes as a PNG's (the costliest per byte of the formats read whole): it is not put last for want of
    /// a header.
    public static func milliseconds(
        format: ImageFormat?, pixelWidth: Int?, pixelHeight: Int?, fileSize: Int
    ) -> Double {
        let megabytes = Double(max(0, fileSize)) / 1e6
        if let format, rate(of: format) == nil { return fixedMilliseconds }
        guard let format, let pixelWidth, let pixelHeight, let rate = rate(of: format) else {
            return unknownPerMegabyte * megabytes
        }
        let megapixels = Double(max(0, pixelWidth)) * Double(max(0, pixelHeight)) / 1e6
        return rate.perMegapixel * megapixels + rate.perMegabyte * megabytes
    }
}
