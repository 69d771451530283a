import Waterfall

/// The column geometry shared by the baselines, computed as `WaterfallLayout` computes it so that every
/// implementation places items at the same x and with the same width.
public struct ColumnMetrics: Sendable {
    public var width: Double
    public var columnCount: Int
    public var columnSpacing: Double
    public var rowSpacing: Double
    public var insets: EdgeInsets

    public init(width: Double, columnCount: Int, columnSpacing: Double, rowSpacing: Double, insets: EdgeInsets) {
        self.width = width
        self.columnCount = columnCount
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.insets = insets
    }

    /// `(width - insets - (columns - 1) × spacing) / columns`, never negative.
    public var columnWidth: Double {
        let available = width - insets.left - insets.right - Double(columnCount - 1) * columnSpacing
        return max(0, available / Double(columnCount))
    }

    /// The x of `column`'s left edge.
    @inline(__always)
    public func minX(ofColumn column: Int, columnWidth: Double) -> Double {
        insets.left + Double(column) * (columnWidth + columnSpacing)
    }
}

/// What the correctness checks need from a baseline: its frames and the items it finds in a rect.
public protocol BaselineLayout {
    var numberOfItems: Int { get }
    var contentHeight: Double { get }
    func frame(ofItem index: Int) -> Rect
    func forEachItem(in rect: Rect, _ body: (Int) -> Void)
}

/// The column an item goes into: the leftmost whose offset is within `WaterfallLayout.tieTolerance` of the lowest
/// (column bottoms that differ only by float noise count as equal), found as the rule reads: the lowest offset, then
/// the first column near it. Every baseline places by it, as ours does.
@inline(__always)
func shortestColumn(_ offsets: [Double]) -> Int {
    var lowest = offsets[0]
    for offset in offsets.dropFirst() where offset < lowest { lowest = offset }
    return offsets.firstIndex { $0 <= lowest + WaterfallLayout.tieTolerance } ?? 0
}

/// `CGRectUnion`: the smallest rect containing both.
@inline(__always)
func union(_ a: Rect, _ b: Rect) -> Rect {
    let minX = Swift.min(a.minX, b.minX)
    let minY = Swift.min(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: Swift.max(a.maxX, b.maxX) - minX, height: Swift.max(a.maxY, b.maxY) - minY)
}
