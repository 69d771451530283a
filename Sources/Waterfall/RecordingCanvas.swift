/// A canvas that draws nothing and records every call, with a fixed-width font: for tests, not public API
/// (`@_spi(Testing) import Waterfall`).
@_spi(Testing) public final class RecordingCanvas: Canvas {
    /// One recorded call.
    public enum Command: Hashable, Sendable {
        /// `fill(_:color:)`.
        case fill(Rect, Color)
        /// `stroke(_:color:lineWidth:)`.
        case stroke(Rect, Color, lineWidth: Double)
        /// `drawText(_:at:color:)`.
        case text(String, Point, Color)
        /// `setClip(_:)`.
        case clip(Rect?)
        /// `copyRect(_:to:)`.
        case copy(Rect, to: Point)
        /// `drawImage(_:in:scaling:)`.
        case image(ImageHandle, Rect, ImageScaling)
    }

    /// Every call so far, in order.
    public private(set) var commands: [Command] = []
    /// The advance of every character.
    public let characterWidth: Double
    /// The height of a line.
    public let lineHeight: Double
    /// The height above the baseline.
    public let ascent: Double

    /// A canvas whose font has these metrics.
    public init(characterWidth: Double = 6, lineHeight: Double = 13, ascent: Double = 10) {
        self.characterWidth = characterWidth
        self.lineHeight = lineHeight
        self.ascent = ascent
    }

    public func textWidth(_ text: String) -> Double { Double(text.count) * characterWidth }
    public func fill(_ rect: Rect, color: Color) { commands.append(.fill(rect, color)) }
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        commands.append(.stroke(rect, color, lineWidth: lineWidth))
    }
    public func drawText(_ text: String, at origin: Point, color: Color) { commands.append(.text(text, origin, color)) }
    public func setClip(_ rect: Rect?) { commands.append(.clip(rect)) }
    public func copyRect(_ source: Rect, to destination: Point) { commands.append(.copy(source, to: destination)) }
    public func drawImage(_ image: ImageHandle, in rect: Rect, scaling: ImageScaling) {
        commands.append(.image(image, rect, scaling))
    }

    /// Forgets the recorded calls.
    public func reset() { commands.removeAll() }
}
