/// What text left in a box of a screenshot, as a person would judge it: pixels of the text's colour, and the shades
/// between it and the background that antialiased glyph edges make.
public struct TextInk: CustomStringConvertible, Sendable {
    /// Pixels within `tolerance` of the text's colour in every channel.
    public var solid = 0
    /// Distinct colours strictly between the background and the text's colour, channel by channel, that are neither:
    /// the antialiased edges.
    public var shades = 0
    /// Pixels of neither the background, the text's colour, nor a shade between: something else drawn there.
    public var other = 0

    /// Each channel's distance from the text's colour that still counts as solid ink.
    public static let tolerance = 24

    /// Whether this looks like a line of text: at least `minimumSolid` solid pixels and `minimumShades` shades.
    /// A word of 12-point text has some hundred solid pixels and tens of shades; an empty band has none.
    public func isText(minimumSolid: Int = 12, minimumShades: Int = 3) -> Bool {
        solid >= minimumSolid && shades >= minimumShades
    }

    public var description: String { "\(solid) solid pixels, \(shades) shades, \(other) other pixels" }
}

extension Screenshot {
    /// The text of colour `ink` on `background` in the box `xs` × `ys` (clipped to the image).
    public func textInk(xs: Range<Int>, ys: Range<Int>, ink: RGB, background: RGB) -> TextInk {
        var result = TextInk()
        var shades = Set<RGB>()
        for y in max(0, ys.lowerBound)..<min(height, max(ys.lowerBound, ys.upperBound)) {
            for x in max(0, xs.lowerBound)..<min(width, max(xs.lowerBound, xs.upperBound)) {
                guard let pixel = pixel(x: x, y: y), pixel != background else { continue }
                if pixel.isNear(ink) {
                    result.solid += 1
                } else if pixel.isBetween(background, ink) {
                    shades.insert(pixel)
                } else {
                    result.other += 1
                }
            }
        }
        result.shades = shades.count
        return result
    }
}

extension RGB {
    func isNear(_ other: RGB) -> Bool {
        abs(Int(red) - Int(other.red)) <= TextInk.tolerance && abs(Int(green) - Int(other.green)) <= TextInk.tolerance
            && abs(Int(blue) - Int(other.blue)) <= TextInk.tolerance
    }

    /// Whether every channel lies between `a`'s and `b`'s (a blend of the two), allowing 2 for rounding.
    func isBetween(_ a: RGB, _ b: RGB) -> Bool {
        func between(_ value: UInt8, _ x: UInt8, _ y: UInt8) -> Bool {
            Int(value) >= Int(min(x, y)) - 2 && Int(value) <= Int(max(x, y)) + 2
        }
        return between(red, a.red, b.red) && between(green, a.green, b.green) && between(blue, a.blue, b.blue)
    }
}
