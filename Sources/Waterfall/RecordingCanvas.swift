/// A canvas that draws nothing and records every call, with a fixed-width font: for tests.
public final class RecordingCanvas: Canvas {
    /// One recorded call.
    public enum Command: Hashable, Sendable {
        case fill(Rect, Color)
        case stroke(Rect, Color, lineWidth: Double)
        case text(String, Point, Color)
        case clip(Rect?)
        case copy(Rect, to: Point)
    }

    /// Every call so far, in order.
    public private(set) var commands: [Command] = []
    /// The advance of every character.
    public let characterWidth: Double
    public let lineHeight: Double
    public let ascent: Double

    public init(characterWidth: Double = 6, lineHeight: Double = 13, ascent: Double = 10) {
        self.characterWidth = characterWidth
        self.lineHeight = lineHeight
        self.ascent = ascent
    }

    public func textWidth(_ text: String) -> Double { Double(text.count) * characterWidth }
    public func fill(_ rect: Rect, color: Color) { commands.append(.fill(rect, color)) }
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) { commands.append(.stroke(rect, color, lineWidth: lineWidth)) }
    public func drawText(_ text: String, at origin: Point, color: Color) { commands.append(.text(text, origin, color)) }
    public func setClip(_ rect: Rect?) { commands.append(.clip(rect)) }
    public func copyRect(_ source: Rect, to destination: Point) { commands.append(.copy(source, to: destination)) }

    /// Forgets the recorded calls.
    public func reset() { commands.removeAll() }
}
