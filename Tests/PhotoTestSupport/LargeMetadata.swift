/// Photos with megabytes of metadata before what a header reader looks for, spliced byte by byte into the files
/// ImageMagick writes: Photoshop's extended XMP and a camera's ICC profile in JPEG segments, text chunks in a PNG, an
/// ICC profile in a WebP.
public enum LargeMetadata {
    /// The most bytes a JPEG segment's body holds.
    public static let segmentBody = 65_533

    /// `count` full segments as Photoshop and cameras write them, APP1 extended XMP and APP2 ICC profile by turns
    /// (each 65,537 bytes in all).
    public static func jpegSegments(count: Int) -> [[UInt8]] {
        let guid = Array("0123456789ABCDEF0123456789ABCDEF".utf8)
        return (0..<count).map { index in
            if index % 2 == 0 {
                let head =
                    Array("http://ns.adobe.com/xmp/extension/".utf8) + [0] + guid
                    + HeaderBytes.be32(count / 2 * segmentBody) + HeaderBytes.be32(index / 2 * segmentBody)
                return HeaderBytes.jpegSegment(0xE1, head + text(segmentBody - head.count))
            }
            let head = Array("ICC_PROFILE".utf8) + [0, UInt8((index / 2 + 1) & 0xFF), UInt8((count / 2) & 0xFF)]
            return HeaderBytes.jpegSegment(0xE2, head + text(segmentBody - head.count))
        }
    }

    /// `jpeg` with an Exif APP1 of `exif` (a TIFF structure) right after its SOI, then `segments`, then the rest.
    public static func jpeg(_ jpeg: [UInt8], exif: [UInt8], then segments: [[UInt8]]) -> [UInt8] {
        segments.reduce(into: Array(jpeg.prefix(2)) + HeaderBytes.exifSegment(exif)) { $0 += $1 }
            + Array(jpeg.dropFirst(2))
    }

    /// Text chunks of `size` bytes of text in all, of 64 KB at most each: tEXt, and iTXt as XMP is written, by turns.
    public static func pngTextChunks(size: Int) -> [UInt8] {
        stride(from: 0, to: size, by: 65_536).enumerated().flatMap { index, start in
            let body = text(min(65_536, size - start))
            return index % 2 == 0
                ? HeaderBytes.pngChunk("tEXt", Array("Comment".utf8) + [0] + body)
                : HeaderBytes.pngChunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + body)
        }
    }

    /// `png` with `chunks` right after its IHDR, and an eXIf chunk of `exif` after them, or, `afterImageData`, after
    /// the image data and the chunks that follow it, just before IEND.
    public static func png(_ png: [UInt8], chunks: [UInt8], exif: [UInt8], afterImageData: Bool = false) -> [UInt8] {
        let ihdrEnd = 8 + 25
        let iend = png.count - 12
        let eXIf = HeaderBytes.pngChunk("eXIf", exif)
        return Array(png[..<ihdrEnd]) + chunks
            + (afterImageData ? Array(png[ihdrEnd..<iend]) + eXIf : eXIf + Array(png[ihdrEnd..<iend]))
            + Array(png[iend...])
    }

    /// An extended WebP of the `width` × `height` image of the simple WebP `webp` (its VP8 or VP8L chunk): VP8X, an
    /// ICC profile (ICCP) of `iccProfileSize` bytes, the image, EXIF of `exif` (a TIFF structure) and a little XMP.
    public static func webp(
        _ webp: [UInt8], width: Int, height: Int, iccProfileSize: Int, exif: [UInt8]
    ) throws -> [UInt8] {
        var offset = 12
        var image: [UInt8]?
        while image == nil, offset + 8 <= webp.count {
            let type = String(decoding: webp[offset..<(offset + 4)], as: UTF8.self)
            let length =
                Int(webp[offset + 4]) | Int(webp[offset + 5]) << 8 | Int(webp[offset + 6]) << 16 | Int(webp[offset + 7])
                << 24
            if type == "VP8 " || type == "VP8L" {
                image = Array(webp[offset..<min(webp.count, offset + 8 + length + (length & 1))])
            }
            offset += 8 + length + (length & 1)
        }
        guard let image else { throw GeneratedImagesError("no VP8 or VP8L chunk in the WebP") }
        let flags: UInt8 = 0x20 | 0x08 | 0x04  // an ICC profile, EXIF, XMP
        let chunks =
            HeaderBytes.riffChunk(
                "VP8X", [flags, 0, 0, 0] + HeaderBytes.le24(width - 1) + HeaderBytes.le24(height - 1))
            + HeaderBytes.riffChunk("ICCP", text(iccProfileSize)) + image + HeaderBytes.riffChunk("EXIF", exif)
            + HeaderBytes.riffChunk("XMP ", Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8))
        return Array("RIFF".utf8) + HeaderBytes.le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// `count` bytes of printable text, as XMP and profiles fill segments.
    static func text(_ count: Int) -> [UInt8] {
        let line = Array("<rdf:li>waterfall large metadata</rdf:li>\n".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count + line.count)
        while text.count < count { text += line }
        return Array(text.prefix(count))
    }
}
