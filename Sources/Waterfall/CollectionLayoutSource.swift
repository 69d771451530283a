/// What a `CollectionLayout` asks about the data while it lays it out: a `CollectionViewDataSource` answers it for
/// its view, a program that only lays out (the demo's `layout` command, a benchmark) with a source of its own. Only
/// the counts have no default.
public protocol CollectionLayoutSource {
    /// How many sections there are; 1 by default.
    var numberOfSections: Int { get }
    /// How many items `section` has.
    func numberOfItems(inSection section: Int) -> Int
    /// What `section` changes from the layout's column count, insets, spacing and placement; nothing by default.
    func style(ofSection section: Int) -> SectionStyle
    /// The item's height at `width` (its column's width, or the section's full width for a banner); `nil` (the
    /// default) makes it as tall as it is wide.
    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double?
    /// Whether the item spans all its section's columns (a banner), as a full-span item of Android's staggered grid;
    /// `false` by default.
    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool
    /// The height of `section`'s header or footer at `width`, the section's full width inside its insets;
    /// 0 (the default) for none.
    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double
    /// The items of `range` in `section` that span all columns, in increasing order. By default each item is asked
    /// with `itemSpansAllColumns(at:)`; a source of many items answers at once.
    func itemsSpanningAllColumns(inSection section: Int, range: Range<Int>) -> [Int]
    /// Writes the heights of `section`'s items of `range`, none of them spanning all columns, at `width` (their
    /// column's) into `heights`: item `range.lowerBound + k` at `k`, `width` for one as tall as it is wide. By default
    /// each item is asked with `heightOfItem(at:width:)`; a source of many items writes them in one loop, so that a
    /// layout of a million items makes no million calls.
    func heightsOfItems(
        inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>)
    /// `section`'s columns already laid out at `width` in `columnCount` columns, or `nil` (the default) to have them
    /// laid out now. A source that foresees a change, such as a photo wall's next grid zoom step, lays them out ahead
    /// on a thread of its own, so that the change's frame does not wait for a relayout of every item.
    ///
    /// The layout takes one prepared with the section's settings (column count, spacing, side insets, placement;
    /// top and bottom insets 0, as a section's columns have), width, item count and banners, and owns it from then
    /// on; it lays out the section itself when any of these differ. Its heights must be those the source gives now:
    /// a debug build checks them.
    func preparedColumns(inSection section: Int, width: Double, columnCount: Int) -> WaterfallLayout?
}

extension CollectionLayoutSource {
    /// One section.
    public var numberOfSections: Int { 1 }

    /// No change from the layout's settings.
    public func style(ofSection section: Int) -> SectionStyle { SectionStyle() }

    /// Square: as tall as it is wide.
    public func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? { nil }

    /// No item spans all columns.
    public func itemSpansAllColumns(at indexPath: ItemPath) -> Bool { false }

    /// No header and no footer.
    public func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double
    { 0 }

    public func itemsSpanningAllColumns(inSection section: Int, range: Range<Int>) -> [Int] {
        range.filter { itemSpansAllColumns(at: ItemPath(item: $0, section: section)) }
    }

    /// None: every section is laid out when asked.
    public func preparedColumns(inSection section: Int, width: Double, columnCount: Int) -> WaterfallLayout? { nil }

    public func heightsOfItems(
        inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>
    ) {
        for item in range {
            heights[item - range.lowerBound] =
                heightOfItem(at: ItemPath(item: item, section: section), width: width) ?? width
        }
    }
}
