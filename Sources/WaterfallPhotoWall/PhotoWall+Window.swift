import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// The layout a walk afresh gives, to compare a wall changed live with.
extension PhotoWall {
    /// Lays out in `layout` a walk of `configuration.paths` afresh, through `configuration.arrangement`, in a cards'
    /// area of `size` (points), as the window lays it out, and returns the cards laid out. An arrangement that asks for
    /// the groups of near-duplicates (`--group similar`, `is:duplicate`) has every photo's thumbnail decoded and hashed
    /// first. The column count comes from
    /// `columnPolicy` for the viewport of `size` with a scroll bar beside it.
    /// - Throws: `LayoutError` when the layout refuses the cards.
    public static func layOutAfresh(
        _ configuration: Configuration, in size: Size, layout: CollectionLayout, columnPolicy: ColumnPolicy
    ) throws -> PhotoWallItems {
        let walker = PhotoWalker(
            paths: configuration.paths, recursive: configuration.recursive, order: configuration.order)
        walker.decoderProcess = DecoderProcess(executable: configuration.decoderExecutable)
        var folders = walker.walkAll().folders
        let arrangement = configuration.startingArrangement
        let needsHashes = arrangement.asksForDuplicates
        if needsHashes { PhotoHasher.hashAll(&folders, decoderExecutable: configuration.decoderExecutable) }
        var library = PhotoWallItems(
            folders: folders, roots: configuration.paths, stacking: configuration.stacksPhotos)
        if needsHashes { _ = library.markDuplicates() }
        let items =
            arrangement.showsEverythingAsWalked
            ? library : arrangement.arranged(library, periodTitle: PeriodTitles(locale: configuration.locale).title)
        layout.columnCount = columnPolicy.columnCount(
            for: Size(width: size.width + ScrollBar.defaultWidth, height: size.height),
            layoutWidth: size.width, of: layout)
        try layout.prepare(
            width: size.width, source: PhotoWallLayoutSource(items: items, metrics: configuration.cardMetrics))
        return items
    }
}
