import SystemPackage

/// A camera RAW's two ways to a thumbnail, for the benchmark "RAW through its preview against libraw's full
/// development" (Benchmarks/): the wall's way (the embedded preview, `RAWDecoder`) and the one the wall never takes.
/// Each opens the file with `libraw_open_file` and keeps nothing.
@_spi(Benchmarking) public enum RAWThumbnails {
    /// The thumbnail of the RAW file at `path` from its embedded preview, `width` pixels wide, turned upright: what the
    /// wall shows (`ThumbnailDecoder` calls the same decoder).
    /// - Throws: `PhotoError`, as `ThumbnailDecoder.thumbnail(ofFile:width:)` for a RAW.
    public static func preview(ofFile path: FilePath, width: Int, background: UInt32 = 0xFFFFFF) throws -> Thumbnail {
        try RAWDecoder.thumbnail(of: .file(path), width: width, background: background)
    }

    /// The thumbnail of the RAW file at `path` developed in full by libraw (`libraw_unpack`, `libraw_dcraw_process`,
    /// `libraw_dcraw_make_mem_image`: demosaicing, white balance, colour; seconds for a camera's file), scaled to
    /// `width` pixels wide. libraw's developed image is upright already (its flip applied). Never called by the wall.
    /// - Throws: `PhotoError`: what libraw refuses, `.tooLarge` for a sensor over the limits.
    public static func developed(ofFile path: FilePath, width: Int, background: UInt32 = 0xFFFFFF) throws -> Thumbnail {
        let file = try RAWFile(file: path)
        let size = file.imageSize
        try ImageHeader(format: .raw, width: size.width, height: size.height).checkSize()
        return try file.withDevelopedImage { developedWidth, developedHeight, rgb in
            let target = ThumbnailDecoder.storedTarget(
                of: ImageHeader(format: .raw, width: developedWidth, height: developedHeight),
                width: width)
            return RAWDecoder.expandToRGBA(width: developedWidth, height: developedHeight, channels: 3, rgb)
                .scaled(toWidth: target.width, height: target.height, over: background)
        }
    }
}
