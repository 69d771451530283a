/// A decoded picture at the size a card shows it, upright and opaque: `width` × `height` pixels, row by row, each
/// `0xRRGGBB`. The backend uploads it to the server once.
public struct Thumbnail: Hashable, Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The pixels, `0xRRGGBB`, row by row from the top left.
    public var pixels: [UInt32]

    /// A thumbnail of `width` × `height` `pixels`.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// How many bytes its pixels take: what the cache counts.
    public var byteCount: Int { pixels.count * MemoryLayout<UInt32>.size }

    /// The thumbnail at `width` pixels wide and its own aspect, by area averaging (repeating pixels when wider): for a
    /// card whose column changed width a little, instead of decoding the photo again.
    public func scaled(toWidth width: Int) -> Thumbnail {
        guard width != self.width else { return self }
        var bytes = [UInt8](repeating: 255, count: pixels.count * 4)
        for (index, pixel) in pixels.enumerated() {
            bytes[index * 4] = UInt8(pixel >> 16 & 0xFF)
            bytes[index * 4 + 1] = UInt8(pixel >> 8 & 0xFF)
            bytes[index * 4 + 2] = UInt8(pixel & 0xFF)
        }
        let height = max(1, Int((Double(width) * Double(self.height) / Double(self.width)).rounded()))
        return RGBAImage(width: self.width, height: self.height, bytes: bytes).scaled(
            toWidth: max(1, width), height: height, over: 0)
    }
}

extension Thumbnail {
    /// The thumbnail turned upright from a picture stored with `orientation`: flipped and turned as EXIF says.
    func oriented(_ orientation: ExifOrientation) -> Thumbnail {
        guard orientation != .up else { return self }
        let outWidth = orientation.swapsSides ? height : width
        let outHeight = orientation.swapsSides ? width : height
        var out = [UInt32](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // The stored pixel shown at (x, y).
                let (sx, sy): (Int, Int)
                switch orientation {
                case .up: (sx, sy) = (x, y)
                case .upMirrored: (sx, sy) = (width - 1 - x, y)
                case .down: (sx, sy) = (width - 1 - x, height - 1 - y)
                case .downMirrored: (sx, sy) = (x, height - 1 - y)
                case .leftMirrored: (sx, sy) = (y, x)
                case .right: (sx, sy) = (y, height - 1 - x)
                case .rightMirrored: (sx, sy) = (width - 1 - y, height - 1 - x)
                case .left: (sx, sy) = (width - 1 - y, x)
                }
                out[y * outWidth + x] = pixels[sy * width + sx]
            }
        }
        return Thumbnail(width: outWidth, height: outHeight, pixels: out)
    }
}
