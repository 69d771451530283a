import CFFmpeg

/// Scales a decoded frame with libswscale (area averaging, `SWS_AREA`) straight to a thumbnail's size, in RGBA.
enum VideoScaler {
    /// `frame` scaled to `width` × `height`, its colours converted to RGB by its format's matrix.
    /// - Throws: `PhotoError.unsupported(.video, ...)` for a pixel format libswscale cannot convert.
    static func thumbnail(of frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int) throws -> Thumbnail {
        let source = frame.pointee
        guard
            let scaler = sws_getContext(
                source.width, source.height, AVPixelFormat(source.format), Int32(width), Int32(height),
                AV_PIX_FMT_RGBA, SWS_AREA, nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(AVPixelFormat(source.format)).map { String(cString: $0) } ?? "none"
            throw PhotoError.unsupported(.video, "pixel format \(name)")
        }
        defer { sws_freeContext(scaler) }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var planes = source.data
        var strides = source.linesize
        let scaled: Int32 = rgba.withUnsafeMutableBufferPointer { out in
            var destination: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
            var destinationStrides: [Int32] = [Int32(width * 4), 0, 0, 0]
            return withUnsafeBytes(of: &planes) { (planes: UnsafeRawBufferPointer) -> Int32 in
                withUnsafeBytes(of: &strides) { (strides: UnsafeRawBufferPointer) -> Int32 in
                    let planePointers = planes.bindMemory(to: UnsafePointer<UInt8>?.self).baseAddress
                    let strideValues = strides.bindMemory(to: Int32.self).baseAddress
                    return sws_scale(
                        scaler, planePointers, strideValues, 0, source.height, &destination, &destinationStrides)
                }
            }
        }
        guard scaled == Int32(height) else { throw PhotoError.unsupported(.video, "a frame libswscale cannot scale") }
        let pixels = (0..<(width * height)).map { (index: Int) -> UInt32 in
            let red = UInt32(rgba[index * 4])
            let green = UInt32(rgba[index * 4 + 1])
            let blue = UInt32(rgba[index * 4 + 2])
            return red << 16 | green << 8 | blue
        }
        return Thumbnail(width: width, height: height, pixels: pixels)
    }
}
