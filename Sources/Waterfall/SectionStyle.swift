/// What a section changes from its collection layout's defaults, as CHTCollectionViewWaterfallLayout's
/// per-section delegate methods. A `nil` setting takes the layout's value.
public struct SectionStyle: Hashable, Sendable {
    /// The section's column count (the layout's, from the column policy, when `nil`).
    public var columnCount: Int?
    /// The space around the section: its top above the header, its bottom below the footer.
    public var insets: EdgeInsets?
    /// The gap between the section's columns.
    public var columnSpacing: Double?
    /// The gap between the section's items in a column, and between the header, the columns and the footer.
    public var rowSpacing: Double?
    /// Which column each of the section's items goes into.
    public var placement: ItemPlacement?

    /// A style that overrides the settings given; the others stay the layout's.
    public init(
        columnCount: Int? = nil, insets: EdgeInsets? = nil, columnSpacing: Double? = nil,
        rowSpacing: Double? = nil, placement: ItemPlacement? = nil
    ) {
        self.columnCount = columnCount
        self.insets = insets
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.placement = placement
    }
}
