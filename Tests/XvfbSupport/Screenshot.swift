import Foundation

/// One RGB pixel of a screenshot.
public struct RGB: Hashable, CustomStringConvertible, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ rgb: UInt32) {
        red = UInt8((rgb >> 16) & 0xFF)
        green = UInt8((rgb >> 8) & 0xFF)
        blue = UInt8(rgb & 0xFF)
    }

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public var description: String {
        "#" + [red, green, blue].map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }
}

/// A window's pixels as the X server has them, read with `xwd` (a separate client) and decoded here.
public struct Screenshot {
    public let width: Int
    public let height: Int
    private let pixels: [RGB]

    /// Takes a screenshot of window `id` on `display`.
    public static func of(window id: UInt, display: String) throws -> Screenshot {
        let data = try runTool("xwd", ["-id", String(id), "-silent"], display: display)
        return try Screenshot(xwd: data)
    }

    /// Takes a screenshot of the whole screen of `display` (its root window): every monitor, and what no window covers.
    public static func ofScreen(display: String) throws -> Screenshot {
        try Screenshot(xwd: runTool("xwd", ["-root", "-silent"], display: display))
    }

    /// Decodes an XWD file (ZPixmap, TrueColor, 24 or 32 bits per pixel).
    public init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ index: Int) -> Int {
            let offset = index * 4
            guard offset + 4 <= bytes.count else { return 0 }
            return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
        }
        let headerSize = field(0)
        let format = field(2)
        width = field(4)
        height = field(5)
        let byteOrder = field(7)
        let bitsPerPixel = field(11)
        let bytesPerLine = field(12)
        let masks = (red: field(14), green: field(15), blue: field(16))
        let colours = field(19)
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24, width > 0, height > 0 else {
            throw X11TestError(
                "unsupported xwd image: format \(format), \(bitsPerPixel) bits per pixel, \(width)x\(height)")
        }
        let start = headerSize + colours * 12
        guard start + bytesPerLine * height <= bytes.count else { throw X11TestError("xwd image is truncated") }
        let bytesPerPixel = bitsPerPixel / 8
        func channel(_ value: Int, _ mask: Int) -> UInt8 {
            guard mask != 0 else { return 0 }
            return UInt8(truncatingIfNeeded: (value & mask) >> mask.trailingZeroBitCount)
        }
        var pixels: [RGB] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = start + y * bytesPerLine + x * bytesPerPixel
                var value = 0
                for byte in 0..<bytesPerPixel {
                    let shift = byteOrder == 0 ? byte * 8 : (bytesPerPixel - 1 - byte) * 8
                    value |= Int(bytes[offset + byte]) << shift
                }
                pixels.append(
                    RGB(
                        red: channel(value, masks.red), green: channel(value, masks.green),
                        blue: channel(value, masks.blue)))
            }
        }
        self.pixels = pixels
    }

    /// The pixel at (`x`, `y`), or `nil` outside the image.
    public func pixel(x: Int, y: Int) -> RGB? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return pixels[y * width + x]
    }

    /// Writes the image as a PNG at `path` with ImageMagick, for a person to look at.
    public func savePNG(window id: UInt, display: String, to path: String) throws {
        _ = try runTool("import", ["-window", String(id), path], display: display)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
