/// A point in a two-dimensional coordinate space (y grows downwards, as on screen).
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate: grows to the right.
    public var x: Double
    /// The vertical coordinate: grows downwards.
    public var y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
}
