import SeededRandom

@testable import Waterfall

/// Every "random" layout comes from SplitMix64, so it is the same on every run.
extension SplitMix64 {
    /// An integer in `range` (modulo bias is irrelevant here).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// A whole number in `range`, as a Double.
    mutating func whole(in range: ClosedRange<Int>) -> Double {
        Double(int(in: range))
    }
}

/// A cell that remembers its item, counts `prepareForReuse()` calls and draws a fill in a colour named
/// after its item (and a black border when selected).
final class TestCell: CollectionViewCell {
    static let identifier = "test"

    /// The item the data source configured the cell for; `nil` after `prepareForReuse()`.
    var item: Int?
    /// How many times the data source handed the cell out.
    var uses = 0
    private(set) var prepareForReuseCount = 0
    /// Whether the cell says it is opaque (it fills its whole frame either way).
    var opaque = false
    override var isOpaque: Bool { opaque }

    init() {
        super.init(reuseIdentifier: Self.identifier)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        prepareForReuseCount += 1
        item = nil
    }

    override func draw(in canvas: Canvas, frame: Rect) {
        canvas.fill(frame, color: Self.color(ofItem: item ?? -1))
        if isSelected { canvas.stroke(frame, color: .black, lineWidth: 2) }
        if isHighlighted { canvas.fill(frame.insetBy(dx: 3, dy: 3), color: .white) }
    }

    static func color(ofItem item: Int) -> Color {
        Color(rgb: UInt32(truncatingIfNeeded: item) & 0xFF_FFFF)
    }
}

/// A data source and delegate for one `CollectionView` (without a scroll bar unless `scrollBarWidth` is given). It records the delegate calls as strings, in order,
/// can refuse highlights and selections, and checks that every cell it gets back from the pool was prepared.
final class Harness: CollectionViewDataSource, CollectionViewDelegate {
    let view: CollectionView
    var heights: [Double?]
    /// The delegate calls, e.g. "shouldHighlight(3)", "didSelect(3)", "didScroll", "didLayout".
    var log: [String] = []
    var refuseHighlight: Set<Int> = []
    var refuseSelection: Set<Int> = []
    var refuseDeselection: Set<Int> = []
    /// What the delegate answers when offered a drag, logged as "beginDrag(3)"; `nil` answers `false` unlogged, as a
    /// delegate without drags does.
    var takesDrags: Bool?
    /// Items that were handed a cell that had been used before but not prepared for reuse since.
    private(set) var unpreparedReuses: [Int] = []
    /// Every distinct cell the data source ever handed out.
    private(set) var cells: [ObjectIdentifier: TestCell] = [:]
    /// Every item whose height was asked, in order.
    var askedHeights: [ItemPath] = []
    /// How many cells the data source handed out.
    var cellRequests: Int { cells.values.reduce(0) { $0 + $1.uses } }

    init(
        heights: [Double?], columns: Int, columnSpacing: Double = 10, rowSpacing: Double = 10,
        insets: EdgeInsets = EdgeInsets(all: 10), overscan: Double = 0, wheelStep: Double = 64,
        scrollBarWidth: Double = 0, viewport: Size
    ) throws {
        self.heights = heights
        let layout = CollectionLayout(
            columnCount: columns, columnSpacing: columnSpacing, rowSpacing: rowSpacing, insets: insets)
        view = CollectionView(
            layout: layout, columnPolicy: .fixed(columns),
            scroll: ScrollModel(wheelStep: wheelStep), overscan: overscan, scrollBarWidth: scrollBarWidth)
        view.register(forCellWithReuseIdentifier: TestCell.identifier) { TestCell() }
        view.dataSource = self
        view.delegate = self
        try view.setViewportSize(viewport)
    }

    /// The visible cell of item `index` (of section 0) as a `TestCell`.
    func cell(_ index: Int) -> TestCell? {
        view.visibleCells[ItemPath(item: index, section: 0)] as? TestCell
    }

    // MARK: CollectionViewDataSource

    func numberOfItems(inSection section: Int) -> Int {
        heights.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let index = indexPath.item
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TestCell.identifier)
        guard let cell = cell as? TestCell else { preconditionFailure("the pool handed out a foreign cell") }
        if cell.uses != cell.prepareForReuseCount || cell.item != nil || cell.isSelected || cell.isHighlighted {
            unpreparedReuses.append(index)
        }
        cell.uses += 1
        cell.item = index
        cells[ObjectIdentifier(cell)] = cell
        return cell
    }

    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? {
        askedHeights.append(indexPath)
        return heights[indexPath.item]
    }

    // MARK: CollectionViewDelegate

    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt index: ItemPath) -> Bool {
        log.append("shouldHighlight(\(index.logText))")
        return !refuseHighlight.contains(index.item)
    }

    func collectionView(_ collectionView: CollectionView, didHighlightItemAt index: ItemPath) {
        log.append("didHighlight(\(index.logText))")
    }

    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt index: ItemPath) {
        log.append("didUnhighlight(\(index.logText))")
    }

    func collectionView(_ collectionView: CollectionView, beginDragFromItemAt index: ItemPath) -> Bool {
        guard let takesDrags else { return false }
        log.append("beginDrag(\(index.logText))")
        return takesDrags
    }

    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt index: ItemPath) -> Bool {
        log.append("shouldSelect(\(index.logText))")
        return !refuseSelection.contains(index.item)
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt index: ItemPath) {
        log.append("didSelect(\(index.logText))")
    }

    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt index: ItemPath) -> Bool {
        log.append("shouldDeselect(\(index.logText))")
        return !refuseDeselection.contains(index.item)
    }

    func collectionView(_ collectionView: CollectionView, didDeselectItemAt index: ItemPath) {
        log.append("didDeselect(\(index.logText))")
    }

    func collectionView(_ collectionView: CollectionView, didActivateItemAt index: ItemPath) {
        log.append("didActivate(\(index.logText))")
    }

    func collectionViewDidScroll(_ collectionView: CollectionView) {
        log.append("didScroll")
    }

    func collectionViewDidLayout(_ collectionView: CollectionView) {
        log.append("didLayout")
    }

    /// The scrubber label's text for a content offset, when a test gives one (not logged: drawing asks it often).
    var scrubberLabel: ((Double) -> String?)?

    func collectionView(_ collectionView: CollectionView, scrubberLabelAtContentOffset offset: Double) -> String? {
        scrubberLabel?(offset)
    }
}

/// The grid most view tests use: 3 columns of width 100 at x 10, 120 and 230 (viewport 340 wide, spacings
/// and insets 10), 12 items, content height 360.
///
/// ```
/// column 0 (x 10..<110)   column 1 (x 120..<220)   column 2 (x 230..<330)
/// 0:  10..<110            1:  10..<60              2:  10..<90
/// 5: 120..<160            3:  70..<130             4: 100..<220
/// 7: 170..<240            6: 140..<230             8: 230..<260
/// 10: 250..<300           9: 240..<350             11: 270..<330
/// ```
enum Grid {
    static let heights: [Double?] = [100, 50, 80, 60, 120, 40, 90, 70, 30, 110, 50, 60]
    static let contentHeight: Double = 360

    static func harness(viewportHeight: Double = 200, overscan: Double = 0) throws -> Harness {
        try Harness(
            heights: heights, columns: 3, overscan: overscan, viewport: Size(width: 340, height: viewportHeight))
    }
}

/// Whether two rectangles share area (half-open on every edge): the reference the layout queries must match.
func shareArea(_ a: Rect, _ b: Rect) -> Bool {
    a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
        && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
}

/// Every item's attributes in section 0 of a collection layout, read one by one.
func allAttributes(of layout: CollectionLayout) -> [LayoutAttributes] {
    (0..<layout.numberOfItems(inSection: 0)).compactMap {
        layout.layoutAttributesForItem(at: ItemPath(item: $0, section: 0))
    }
}

/// Every item's attributes, read one by one.
func allAttributes(of layout: WaterfallLayout) -> [LayoutAttributes] {
    (0..<layout.numberOfItems).compactMap(layout.layoutAttributesForItem(at:))
}

/// Item paths written as integers in tests: `3` is item 3 of section 0.
extension ItemPath: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self.init(item: value, section: 0)
    }
}

extension ItemPath {
    /// "3" for item 3 of section 0, "1.3" for item 3 of section 1: how the harness logs paths.
    var logText: String { section == 0 ? "\(item)" : description }
}
