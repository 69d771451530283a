/// Finds the XMP packet a photo carries inside itself, by walking its structure's lengths and reading only the
/// pieces that hold it: a JPEG's APP1 segment named "http://ns.adobe.com/xap/1.0/" among the application segments
/// before its first table, a PNG's uncompressed iTXt chunk
/// keyed "XML:com.adobe.xmp" before its image data, a WebP's "XMP " chunk. Other formats (and a compressed iTXt) have
/// none here. Anything malformed reads as no packet.
enum EmbeddedXMP {
    /// The largest packet read: 4 MB (a JPEG's is at most 64 KB; extended XMP beyond it holds no rating).
    static let maximumSize = 4 << 20
    /// The most segments or chunks walked before giving up.
    private static let maximumSteps = 4096

    /// The bytes of a file at an offset: `count` of them, fewer at its end; `nil` when they cannot be read.
    typealias Read = (_ offset: Int, _ count: Int) -> [UInt8]?

    /// The packet of a file of `format`, `size` bytes long, read with `read`.
    static func packet(format: ImageFormat, size: Int, read: Read) -> [UInt8]? {
        switch format {
        case .jpeg: return jpeg(size: size, read: read)
        case .png: return png(size: size, read: read)
        case .webp: return webp(size: size, read: read)
        default: return nil
        }
    }

    private static let jpegSignature = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    private static func jpeg(size: Int, read: Read) -> [UInt8]? {
        var offset = 2
        for _ in 0..<maximumSteps {
            guard let head = read(offset, 4), head.count == 4, head[0] == 0xFF else { return nil }
            let marker = head[1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // a fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            // XMP is written among the application segments (and comments) that open the file: the first table or
            // frame header ends the search, without walking to the image data.
            guard (0xE0...0xEF).contains(marker) || marker == 0xFE else { return nil }
            let length = Int(head[2]) << 8 | Int(head[3])
            guard length >= 2 else { return nil }
            if marker == 0xE1, length - 2 > jpegSignature.count, read(offset + 4, jpegSignature.count) == jpegSignature
            {
                let start = offset + 4 + jpegSignature.count
                return read(start, length - 2 - jpegSignature.count)
            }
            offset += 2 + length
        }
        return nil
    }

    private static let pngKeyword = Array("XML:com.adobe.xmp".utf8) + [0]

    private static func png(size: Int, read: Read) -> [UInt8]? {
        var offset = 8
        for _ in 0..<maximumSteps {
            guard let head = read(offset, 8), head.count == 8 else { return nil }
            let length = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return nil }
            if type == "iTXt", length > pngKeyword.count + 2, length <= maximumSize,
                let body = read(offset + 8, length), body.count == length, body.starts(with: pngKeyword)
            {
                var rest = body.dropFirst(pngKeyword.count)
                guard rest.first == 0 else { return nil }  // compressed: not read here
                rest = rest.dropFirst(2)  // the compression flag and method
                for _ in 0..<2 {  // the language tag and the translated keyword, each ended by a NUL
                    guard let end = rest.firstIndex(of: 0) else { return nil }
                    rest = rest[(end + 1)...]
                }
                return Array(rest)
            }
            offset += 12 + length
        }
        return nil
    }

    private static func webp(size: Int, read: Read) -> [UInt8]? {
        var offset = 12
        for _ in 0..<maximumSteps {
            guard let head = read(offset, 8), head.count == 8 else { return nil }
            let length = head[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
            if head[0..<4].elementsEqual("XMP ".utf8) {
                return length <= maximumSize ? read(offset + 8, length) : nil
            }
            offset += 8 + length + length % 2
        }
        return nil
    }
}
