/// The decode of a photo's whole picture by its library alone: the floor under our thumbnail of a format that a
/// library decodes whole before it is scaled, for the benchmark's table (Benchmarks/). Imlib2's loaders, the baseline
/// there, call the same libraries, so this floor also bounds how far ahead of them a thumbnail can get.
@_spi(Benchmarking) public enum LibraryDecodeFloor {
    /// Decodes the HEIC, AVIF, JPEG XL or GIF file `bytes` whole, as our thumbnail's decode calls its library, and
    /// nothing more (no scale, no colour conversion): libheif's primary image to RGB(A) (an AVIF's AV1 through dav1d, as
    /// in the decoder worker), libjxl's first frame on `threads` threads, giflib's first frame's rows of colour
    /// indexes. Returns the pixels decoded; `nil` for another format.
    /// - Throws: `PhotoError`, as the thumbnail's decode.
    public static func decode(_ bytes: [UInt8], threads: Int) throws -> Int? {
        let header = try ImageHeader.read(bytes)
        return try bytes.withUnsafeBytes { bytes in
            switch header.format {
            case .heif, .avif:
                return try HEIFContext.withContext(bytes, format: header.format) { context in
                    try context.primaryImage().withDecodedRows(av1: .dav1d) { $0.width * $0.height }
                }
            case .jxl:
                return try JXLDecoder.withDecoded(bytes, threads: threads) { pixels, _ in pixels.width * pixels.height }
            case .gif:
                return try GIFDecoder.decodeFirstFrameIndexes(bytes)
            default:
                return nil
            }
        }
    }
}
