/// How many columns a view of a given size shows: a portrait and a landscape count, as PSCollectionView's
/// `numColsPortrait` and `numColsLandscape`.
///
/// The view is landscape when it is wider than it is tall, or, when `landscapeMinimumWidth` is set, when its
/// width is at least that. A view that already has an orientation keeps it until it is `hysteresis` / 2 past
/// the threshold the other way, so that a drag-resize along the boundary does not flap between the counts.
public struct ColumnPolicy: Hashable, Sendable {
    /// The column count of a portrait view.
    public var portraitColumns: Int
    /// The column count of a landscape view.
    public var landscapeColumns: Int
    /// An explicit width from which on the view counts as landscape; `nil` compares width with height.
    public var landscapeMinimumWidth: Double?
    /// The width of the band around the threshold inside which a view keeps its orientation (half on each side).
    public var hysteresis: Double
    /// When set, the column count is the most columns at least this wide (in points) that fit the layout's width,
    /// at least one, in either orientation, as a photo grid's thumbnail size sets it; the counts above are then unused.
    public var minimumColumnWidth: Double?

    /// `portraitColumns` for a portrait view and `landscapeColumns` for a landscape one: wider than tall, or at least
    /// `landscapeMinimumWidth` wide when it is given, with a band of `hysteresis` around the threshold.
    public init(
        portraitColumns: Int, landscapeColumns: Int, landscapeMinimumWidth: Double? = nil, hysteresis: Double = 16
    ) {
        self.portraitColumns = portraitColumns
        self.landscapeColumns = landscapeColumns
        self.landscapeMinimumWidth = landscapeMinimumWidth
        self.hysteresis = hysteresis
    }

    /// As many columns at least `width` points wide as fit (at least one), in either orientation.
    public static func fitting(columnWidth width: Double) -> ColumnPolicy {
        var policy = ColumnPolicy(portraitColumns: 1, landscapeColumns: 1)
        policy.minimumColumnWidth = width
        return policy
    }

    /// The column count for columns at least `minimumColumnWidth` wide in `width` points (the layout's, its insets
    /// taken off), `spacing` apart: at least 1, at most `WaterfallLayout.maximumColumnCount`; `nil` without a width.
    public func fittingColumnCount(inWidth width: Double, spacing: Double) -> Int? {
        guard let minimumColumnWidth, minimumColumnWidth.isFinite, minimumColumnWidth > 0 else { return nil }
        // A width exactly n columns' wide gives n, whatever the rounding of its sum.
        let count = ((width + spacing) / (minimumColumnWidth + spacing) + 1e-9).rounded(.down)
        return Int(min(Double(WaterfallLayout.maximumColumnCount), max(1, count.isFinite ? count : 1)))
    }

    /// The column count for a viewport of `size` whose layout is `layoutWidth` wide with `layout`'s insets and
    /// spacing: the fitting count with `minimumColumnWidth`, else the orientation's (`wasLandscape` as in
    /// `isLandscape(_:wasLandscape:)`).
    public func columnCount(
        for size: Size, layoutWidth: Double, of layout: CollectionLayout, wasLandscape: Bool? = nil
    ) -> Int {
        let available = layoutWidth - layout.insets.left - layout.insets.right
        return fittingColumnCount(inWidth: available, spacing: layout.columnSpacing)
            ?? columnCount(for: size, wasLandscape: wasLandscape)
    }

    /// The same count in both orientations.
    public static func fixed(_ columns: Int) -> ColumnPolicy {
        ColumnPolicy(portraitColumns: columns, landscapeColumns: columns)
    }

    /// Whether a view of `size` is landscape. `wasLandscape` is the view's orientation before the change of size,
    /// `nil` for a view that has none yet: then only the threshold decides; else the orientation changes only once
    /// the size is more than `hysteresis` / 2 past the threshold.
    public func isLandscape(_ size: Size, wasLandscape: Bool? = nil) -> Bool {
        // How far the size is on the landscape side of the threshold (0 on it).
        let margin = landscapeMinimumWidth.map { size.width - $0 } ?? size.width - size.height
        let isPastThreshold = landscapeMinimumWidth == nil ? margin > 0 : margin >= 0
        guard let wasLandscape, hysteresis.isFinite, hysteresis > 0 else { return isPastThreshold }
        return wasLandscape ? margin >= -hysteresis / 2 : margin > hysteresis / 2
    }

    /// The column count for a view of `size` that was landscape or not before (`nil`: no orientation yet).
    public func columnCount(for size: Size, wasLandscape: Bool? = nil) -> Int {
        isLandscape(size, wasLandscape: wasLandscape) ? landscapeColumns : portraitColumns
    }
}
