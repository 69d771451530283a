import SeededRandom
import Waterfall

/// Deterministic item heights. Each item's aspect (height ÷ width, 0.5 ... 2.0, from a hash of its index) is
/// computed once, outside any measurement, as a data source keeps its items' picture sizes; the height asked
/// at a column width is the aspect times the width, truncated to whole points (so every y is exact and all
/// implementations compute identical frames).
public struct HeightTable: Sendable {
    /// `aspects[i + 1]` is item i's: item -1 is the item the insert benchmarks put at index 0.
    private let aspects: [Double]

    /// A table for items -1 ..< count.
    public init(count: Int) {
        aspects = (-1..<count).map { index in
            0.5 + Double(SplitMix64.number(1, seed: UInt64(bitPattern: Int64(index))) % 1501) / 1000
        }
    }

    /// Item `index`'s height at `columnWidth`.
    @inline(__always)
    public func height(ofItem index: Int, columnWidth: Double) -> Double {
        Double(Int(aspects[index + 1] * columnWidth))
    }
}

/// The workload every benchmark uses: a 1920-point-wide view with 5 columns, 12-point spacing and insets, and
/// the heights of `heights`.
public enum Workload {
    public static let width = 1920.0
    public static let columnCount = 5
    public static let spacing = 12.0
    public static let insets = EdgeInsets(all: 12)
    /// A full-HD viewport: the rect a scroll asks for.
    public static let viewport = Size(width: 1920, height: 1080)

    /// The most items a benchmark lays out.
    public static let maximumItemCount = 1_001_001
    /// The heights of items -1 ..< maximumItemCount.
    public static let heights = HeightTable(count: maximumItemCount)

    /// Item `index`'s height at `columnWidth`, for the baselines.
    public static var height: (Int, Double) -> Double {
        let table = heights
        return { index, columnWidth in table.height(ofItem: index, columnWidth: columnWidth) }
    }

    /// The heights after one item is inserted at index 0: the new item (item -1 of the table), then the old
    /// items shifted by one.
    public static var heightAfterInsertingAtZero: (Int, Double) -> Double {
        let table = heights
        return { index, columnWidth in table.height(ofItem: index - 1, columnWidth: columnWidth) }
    }

    /// The heights after item 0 is deleted: the old items shifted by one.
    public static var heightAfterDeletingZero: (Int, Double) -> Double {
        let table = heights
        return { index, columnWidth in table.height(ofItem: index + 1, columnWidth: columnWidth) }
    }

    /// The placement settings of the workload, shared by the baselines.
    public static func metrics(columnCount: Int = columnCount) -> ColumnMetrics {
        ColumnMetrics(
            width: width, columnCount: columnCount, columnSpacing: spacing, rowSpacing: spacing, insets: insets)
    }

    /// Our layout, prepared with `count` items.
    public static func makeLayout(count: Int, columnCount: Int = columnCount) -> WaterfallLayout {
        let layout = WaterfallLayout(
            columnCount: columnCount, columnSpacing: spacing, rowSpacing: spacing, insets: insets)
        prepare(layout, count: count)
        return layout
    }

    /// Prepares `layout` with `count` workload items.
    public static func prepare(_ layout: WaterfallLayout, count: Int) {
        let table = heights
        must {
            try layout.prepare(width: width, itemCount: count) { index, columnWidth in
                table.height(ofItem: index, columnWidth: columnWidth)
            }
        }
    }

    /// Appends `count` workload items to `layout`.
    public static func append(_ layout: WaterfallLayout, count: Int) {
        let table = heights
        must {
            try layout.appendItems(count: count) { index, columnWidth in
                table.height(ofItem: index, columnWidth: columnWidth)
            }
        }
    }

    /// Inserts item -1 of the table at index 0 of `layout`.
    public static func insertAtZero(_ layout: WaterfallLayout) {
        let table = heights
        must {
            try layout.insertItems(at: 0, count: 1) { _, columnWidth in
                table.height(ofItem: -1, columnWidth: columnWidth)
            }
        }
    }

    /// Inserts item `item` of the table at index 0 of `layout` (puts back a deleted first item).
    public static func insertAtZero(_ layout: WaterfallLayout, item: Int) {
        let table = heights
        must {
            try layout.insertItems(at: 0, count: 1) { _, columnWidth in
                table.height(ofItem: item, columnWidth: columnWidth)
            }
        }
    }

    /// Deletes `range` from `layout`.
    public static func delete(_ range: Range<Int>, from layout: WaterfallLayout) {
        must { try layout.deleteItems(in: range) }
    }

    /// Runs `body`, trapping on an error: the workload is valid, so our layout never throws on it.
    static func must(_ body: () throws -> Void) {
        do { try body() } catch { preconditionFailure("unexpected layout error: \(error)") }
    }

    /// Where in the content a query is made.
    public enum Position: String, CaseIterable, Sendable {
        case top, middle, bottom
    }

    /// How far successive queries scroll: query `k` of a loop is `k % scrollSteps` steps of `scrollStep` below
    /// the position's first viewport, as a scroll does.
    public static let scrollSteps = 64
    public static let scrollStep = 4.0

    /// The viewport-sized rect of query `step` at `position` in content `contentHeight` tall.
    @inline(__always)
    public static func viewportRect(at position: Position, contentHeight: Double, step: Int = 0) -> Rect {
        let travel = Double(scrollSteps) * scrollStep
        let top: Double
        switch position {
        case .top: top = 0
        case .middle: top = (contentHeight - viewport.height) / 2
        case .bottom: top = contentHeight - viewport.height - travel
        }
        return Rect(
            x: 0, y: top + Double(step % scrollSteps) * scrollStep, width: viewport.width, height: viewport.height)
    }
}
