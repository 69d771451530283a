/// An opaque sRGB colour with 8 bits per channel.
public struct Color: Hashable, Sendable {
    /// The red channel, 0 to 255.
    public var red: UInt8
    /// The green channel, 0 to 255.
    public var green: UInt8
    /// The blue channel, 0 to 255.
    public var blue: UInt8

    /// The colour of the three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// Parses `#RRGGBB` (six hexadecimal digits after `#`, either case); `nil` for anything else.
    public init?(hex: String) {
        let digits = hex.utf8
        guard digits.count == 7, digits.first == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for byte in digits.dropFirst() {
            guard let nibble = Color.hexValue(of: byte) else { return nil }
            value = value << 4 | nibble
        }
        self.init(rgb: value)
    }

    /// `#RRGGBB` in upper case.
    public var hexString: String {
        let value = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        let digits = String(value, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// This colour mixed with `other`; `fraction` 0 gives `self`, 1 gives `other`.
    public func mixed(with other: Color, fraction: Double) -> Color {
        let t = min(1, max(0, fraction))
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) * (1 - t) + Double(b) * t).rounded())
        }
        return Color(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }

    /// Black, 0x000000.
    public static let black = Color(rgb: 0x000000)
    /// White, 0xFFFFFF.
    public static let white = Color(rgb: 0xFFFFFF)

    private static func hexValue(of byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
