/// How many columns a view of a given size shows: a portrait and a landscape count, as PSCollectionView's
/// `numColsPortrait` and `numColsLandscape`.
///
/// The view is landscape when it is wider than it is tall, or, when `landscapeMinimumWidth` is set, when its
/// width is at least that.
public struct ColumnPolicy: Hashable, Sendable {
    /// The column count of a portrait view.
    public var portraitColumns: Int
    /// The column count of a landscape view.
    public var landscapeColumns: Int
    /// An explicit width from which on the view counts as landscape; `nil` compares width with height.
    public var landscapeMinimumWidth: Double?

    public init(portraitColumns: Int, landscapeColumns: Int, landscapeMinimumWidth: Double? = nil) {
        self.portraitColumns = portraitColumns
        self.landscapeColumns = landscapeColumns
        self.landscapeMinimumWidth = landscapeMinimumWidth
    }

    /// The same count in both orientations.
    public static func fixed(_ columns: Int) -> ColumnPolicy {
        ColumnPolicy(portraitColumns: columns, landscapeColumns: columns)
    }

    /// Whether a view of `size` is landscape.
    public func isLandscape(_ size: Size) -> Bool {
        if let threshold = landscapeMinimumWidth {
            return size.width >= threshold
        }
        return size.width > size.height
    }

    /// The column count for a view of `size`.
    public func columnCount(for size: Size) -> Int {
        isLandscape(size) ? landscapeColumns : portraitColumns
    }
}
