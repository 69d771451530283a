import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// The wall through its arrangement: every photo the walk found stays in `library`, by folder, and the cards shown
/// (`items`) are the arrangement's of them. Shown as walked, the walk's and the live folders' changes are the view's
/// batch updates (no card moves); arranged otherwise, each change arranges the wall again (a keystroke of the filter
/// over 100,000 photos is one pass over their folded names and one layout).
extension PhotoWall {
    /// What the wall shows of its photos and how: the filter, the least rating, the rejects, the timeline's grouping
    /// and the order within a section. Setting it arranges the cards again at once; the selected photos that still
    /// show stay selected, and the view goes to the top when the filter or the grouping changed.
    public var arrangement: PhotoArrangement {
        get { arrangementState }
        set {
            let old = arrangementState
            guard newValue != old else { return }
            arrangementState = newValue
            rearrange(scrollingToTop: newValue.nameFilter != old.nameFilter || newValue.grouping != old.grouping)
        }
    }

    /// Shows `library` through the arrangement: the cards again, the view reloaded, the selected photos that still show
    /// selected again. Logs `arranged` with the cards and sections shown.
    func rearrange(scrollingToTop: Bool = false) {
        let selected = collectionView.indexPathsForSelectedItems.map { items[$0].path }
        if !selected.isEmpty { collectionView.deselectAllItems() }
        items =
            arrangementState.showsEverythingAsWalked
            ? library : arrangementState.arranged(library, periodTitle: periodTitles.title)
        do {
            try collectionView.reloadData()
        } catch {
            configuration.warn("the arranged photos could not be shown: \(error)")
        }
        if scrollingToTop { collectionView.setContentOffset(0) }
        if !selected.isEmpty { reselect(Set(selected)) }
        log?.log(
            "arranged",
            [
                ("items", .int(items.count)), ("sections", .int(items.numberOfSections)),
                ("titles", .array(items.sectionTitles.prefix(20).map { .string($0) })),
            ])
    }

    /// Selects the cards of `files` that show.
    private func reselect(_ files: Set<FilePath>) {
        for (section, cards) in items.sections.enumerated() {
            for (item, card) in cards.cards.enumerated() where files.contains(card.path) {
                collectionView.selectItem(at: ItemPath(item: item, section: section))
            }
        }
    }

    /// Applies a change of `library` (already made) to the view: `batch` makes the view's batch updates when the wall
    /// shows the cards as walked; otherwise the wall is arranged again.
    func showLibraryChange(_ batch: () throws -> Void) rethrows {
        guard arrangementState.showsEverythingAsWalked else { return rearrange() }
        items = library
        try batch()
    }
}
