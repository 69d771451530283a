/// An axis-aligned rectangle. It contains the points with `minX <= x < maxX` and `minY <= y < maxY`.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The width and the height.
    public var size: Size

    /// The rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle whose top-left corner is (`x`, `y`), `width` wide and `height` tall.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }

    /// Whether `point` lies inside; the right and bottom edges are outside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles share any area; a rectangle without area (zero width or height) shares none.
    public func intersects(_ other: Rect) -> Bool {
        width > 0 && height > 0 && other.width > 0 && other.height > 0
            && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The area both rectangles cover, or `nil` when they share none.
    public func intersection(_ other: Rect) -> Rect? {
        guard intersects(other) else { return nil }
        let left = Swift.max(minX, other.minX)
        let top = Swift.max(minY, other.minY)
        return Rect(
            x: left, y: top, width: Swift.min(maxX, other.maxX) - left, height: Swift.min(maxY, other.maxY) - top)
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (grown for negative values). The size never becomes negative.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
}
