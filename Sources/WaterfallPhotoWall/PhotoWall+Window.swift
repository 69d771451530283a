import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// The state a program logs when the window closes, and the layout a walk afresh gives.
extension PhotoWall {
    /// The fields of an `exit` or `state` event: the view's (`ViewEventLog.stateFields`), the `status` bar's text and
    /// every element's frame (`elements`, as `layoutLines` prints them), so that a wall changed live can be compared
    /// with a walk afresh.
    public var stateFields: [(String, JSONValue)] {
        ViewEventLog.stateFields(of: collectionView) { items.index(of: $0) }
            + [
                ("status", .string(statusText)),
                ("elements", .array(Self.elementLines(of: collectionView.layout, items: items))),
            ]
    }

    /// Every element of `layout` (laid out with `items`) as `ViewEventLog.elementLine` gives it, with each card's path.
    static func elementLines(of layout: CollectionLayout, items: PhotoWallItems) -> [JSONValue] {
        let everything = Rect(x: 0, y: 0, width: layout.width, height: layout.contentSize.height)
        return layout.layoutAttributesForElements(in: everything).map { attributes in
            let isCell = attributes.kind == .cell
            return ViewEventLog.elementLine(
                attributes, index: isCell ? items.index(of: attributes.indexPath) : 0,
                path: isCell ? items[attributes.indexPath].path.string : nil)
        }
    }

    /// The layout of a walk of `configuration.paths` afresh, through `configuration.arrangement`, in a cards' area of `size` (points), as the window lays
    /// it out: a line per element, then `{"columns":…,"columnWidth":…,"contentHeight":…,"sections":…,"items":…}`.
    /// The column count comes from `columnPolicy` for the viewport of `size` with a scroll bar beside it.
    /// - Throws: `LayoutError` when the layout refuses the cards.
    public static func layoutLines(
        of configuration: Configuration, in size: Size, layout: CollectionLayout,
        columnPolicy: ColumnPolicy
    ) throws -> [String] {
        let walker = PhotoWalker(
            paths: configuration.paths, recursive: configuration.recursive, order: configuration.order)
        walker.decoderProcess = DecoderProcess(executable: configuration.decoderExecutable)
        let folders = walker.walkAll().folders
        let library = PhotoWallItems(folders: folders, roots: configuration.paths)
        let arrangement = configuration.startingArrangement
        let items =
            arrangement.showsEverythingAsWalked
            ? library : arrangement.arranged(library, periodTitle: PeriodTitles(locale: configuration.locale).title)
        layout.columnCount = columnPolicy.columnCount(
            for: Size(width: size.width + ScrollBar.defaultWidth, height: size.height),
            layoutWidth: size.width, of: layout)
        try layout.prepare(
            width: size.width, source: PhotoWallLayoutSource(items: items, metrics: configuration.cardMetrics))
        return (elementLines(of: layout, items: items) + [ViewEventLog.summaryLine(of: layout)]).map(\.text)
    }
}
