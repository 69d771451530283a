import CWebP

/// A WebP's embedded ICC profile: the `ICCP` chunk of an extended (`VP8X`) file whose flags say it has one, read
/// with libwebp's demux library.
enum WebPColorProfile {
    /// The profile of the WebP file `bytes`, or `nil` when it has none.
    static func read(_ bytes: UnsafeRawBufferPointer) -> ColorProfile? {
        // RIFF, size, WEBP, then the VP8X chunk's header and its flags: bit 5 is "has an ICC profile".
        guard bytes.count > 20, bytes[12..<16].elementsEqual("VP8X".utf8), bytes[20] & 0x20 != 0 else { return nil }
        var data = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let demuxer = waterfall_webp_demux(&data) else { return nil }
        defer { WebPDemuxDelete(demuxer) }
        var chunk = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, "ICCP", 1, &chunk) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&chunk) }
        guard let start = chunk.chunk.bytes else { return nil }
        return ColorProfile(bytes: Array(UnsafeBufferPointer(start: start, count: chunk.chunk.size)))
    }
}
