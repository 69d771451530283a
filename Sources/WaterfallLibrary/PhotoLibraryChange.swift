import SystemPackage
import Waterfall

/// A change of what a `PhotoLibrary` shows (`PhotoLibrary.items`), already made, in the terms of a collection view's
/// updates: a view applies it as it comes, and its cards are then the library's.
public enum PhotoLibraryChange {
    /// Sections and cards came, went or were replaced, in place: the view's batch updates.
    case batch(PhotoLibraryBatch)
    /// The cards at these paths changed (their marks or their shape): the view asks for them and their heights again.
    case cardsChanged([ItemPath])
    /// Every card may have moved (the arrangement changed, or a change was made under an arrangement that leaves
    /// photos out or regroups them): the view reloads; `scrollsToTop` when the filter or the grouping changed.
    /// `itemsBefore` are the cards shown until then (what a selection's paths name).
    case rearranged(scrollsToTop: Bool, itemsBefore: PhotoWallItems)
    /// The walk ended: the cards are the same, but a view showing that it is still looking shows what it found now.
    case walkEnded
}

/// One batch of a `PhotoLibraryChange`: deletions and reloads by their paths before it, insertions by theirs after
/// it, as UIKit's and the core's batch updates take them.
public struct PhotoLibraryBatch {
    /// Why the cards changed.
    public enum Cause: Sendable, Equatable {
        /// The walk found them.
        case walk
        /// A watched folder changed.
        case folders
        /// A file action of this program took them away or brought them back (files given alone, not watched).
        case fileAction
    }

    /// Why the cards changed.
    public var cause: Cause
    /// The sections gone, by their indices before.
    public var deletedSections: [Int] = []
    /// The new sections, by their indices after, increasing.
    public var insertedSections: [Int] = []
    /// The cards replaced in place, by their paths before.
    public var reloadedItems: [ItemPath] = []
    /// The cards gone, by their paths before.
    public var deletedItems: [ItemPath] = []
    /// The cards that came into sections that were there before, by their paths after.
    public var insertedItems: [ItemPath] = []
    /// The sections whose footers show other counts now, by their indices after: the last, and the one that was last.
    public var footerSections: [Int] = []
    /// The library's cards before the batch.
    public var itemsBefore: PhotoWallItems
    /// The files whose cards went or were replaced: their pictures are stale.
    public var goneFiles: [FilePath] = []

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedItems.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty
    }

    /// The indices (among all the cards, before the batch) of the cards gone, their sections' included, in order.
    public var deletedIndices: [Int] {
        let inGoneSections = deletedSections.flatMap { section in
            (0..<itemsBefore.numberOfItems(inSection: section)).map { ItemPath(item: $0, section: section) }
        }
        return (inGoneSections + deletedItems).map { itemsBefore.index(of: $0) }.sorted()
    }

    /// The indices (before the batch) of the cards replaced in place.
    public var reloadedIndices: [Int] { reloadedItems.map { itemsBefore.index(of: $0) } }

    /// The indices among `items` (the cards after the batch) of the cards that came, their new sections' included,
    /// in order.
    public func insertedIndices(in items: PhotoWallItems) -> [Int] {
        let inNewSections = insertedSections.flatMap { section in
            (0..<items.numberOfItems(inSection: section)).map { ItemPath(item: $0, section: section) }
        }
        return (insertedItems + inNewSections).map { items.index(of: $0) }.sorted()
    }
}
