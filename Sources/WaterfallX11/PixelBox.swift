import Waterfall

/// A rectangle in whole pixels: a rect in points times the scale, edges rounded, so neighbouring rectangles neither
/// overlap nor leave gaps, and clamped to the 16-bit coordinates of the X protocol.
struct PixelBox: Equatable {
    let x: Int32
    let y: Int32
    let width: UInt32
    let height: UInt32

    /// A box of whole pixels as given.
    init(x: Int32, y: Int32, width: UInt32, height: UInt32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(_ rect: Rect, scale: Double = 1) {
        let rect =
            scale == 1
            ? rect
            : Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let left = Self.coordinate(rect.minX)
        let top = Self.coordinate(rect.minY)
        x = left
        y = top
        width = UInt32(max(0, Int64(Self.coordinate(rect.maxX)) - Int64(left)))
        height = UInt32(max(0, Int64(Self.coordinate(rect.maxY)) - Int64(top)))
    }

    static func coordinate(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(-32_000, min(32_000, value.rounded())))
    }
}
