import CJXL

/// A JPEG XL's header: libjxl's basic info (`JXL_DEC_BASIC_INFO`), read from the file's first bytes, more of them fed
/// as libjxl asks for them (`JxlDecoderSizeHintBasicInfo`, at most 64 KB at a time), up to `readLimit`. The size is the stored one and the
/// orientation the codestream's (EXIF's 1 to 8): libjxl is told to keep the pixels as stored
/// (`JxlDecoderSetKeepOrientation`), as `JXLDecoder` does, so `oriented(...)` turns them upright once, as a JPEG's.
enum JXLHeader {
    /// How far into a file the basic info may lie: a container may hold other boxes (EXIF, XMP) before its codestream.
    static let readLimit = 1 << 20

    /// The header: the stored size and the orientation.
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        guard let decoder = JxlDecoderCreate(nil) else { throw PhotoError.unsupported(.jxl, "out of memory") }
        defer { JxlDecoderDestroy(decoder) }
        guard JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
            JxlDecoderSubscribeEvents(decoder, Int32(JXL_DEC_BASIC_INFO.rawValue)) == JXL_DEC_SUCCESS
        else {
            throw PhotoError.unsupported(.jxl, "libjxl refuses its options")
        }
        var pending = [UInt8]()
        while true {
            // libjxl's hint of what it needs, at least 16 bytes and at most a 64 KB read at a time.
            let wanted = min(max(16, JxlDecoderSizeHintBasicInfo(decoder)), 65_536)
            guard reader.offset < readLimit else {
                throw PhotoError.unsupported(.jxl, "no size in its first \(readLimit >> 20) MB")
            }
            guard reader.remaining > 0 else { throw PhotoError.truncated(.jxl) }
            pending += try reader.take(min(reader.remaining, wanted))
            let (status, unread) = pending.withUnsafeBufferPointer { input in
                guard JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS else {
                    return (JXL_DEC_ERROR, 0)
                }
                let status = JxlDecoderProcessInput(decoder)
                return (status, JxlDecoderReleaseInput(decoder))
            }
            pending.removeFirst(pending.count - min(unread, pending.count))
            switch status {
            case JXL_DEC_BASIC_INFO:
                var info = JxlBasicInfo()
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
                    throw PhotoError.unsupported(.jxl, "libjxl cannot read its basic info")
                }
                return ImageHeader(
                    format: .jxl, width: Int(info.xsize), height: Int(info.ysize),
                    orientation: ExifOrientation(rawValue: Int(info.orientation.rawValue)) ?? .up)
            case JXL_DEC_NEED_MORE_INPUT:
                continue  // the input is left open, so that a file cut inside its header is told from a broken one
            case JXL_DEC_ERROR:
                throw PhotoError.unsupported(.jxl, "libjxl cannot read its header")
            default:
                throw PhotoError.unsupported(.jxl, "libjxl status \(status.rawValue) before its basic info")
            }
        }
    }
}
