import Waterfall
import WaterfallPhotos

/// Stacks (`PhotoStacking`): a folder's neighbours that are one RAW and its JPEG, or one burst, are one card in
/// `walked` from the walk's batch that brings them on, and a watched folder's change makes its section's cards again
/// and shows what differs.
extension PhotoLibrary {
    /// Appends the walk's `cards` to the section titled `title` (the last section when it is titled so, else a new
    /// one), stacked when `stacksPhotos`; returns the path of the section's last card when the first new photos joined
    /// its stack (a stack the walk's batches cut in two).
    func appendWalked(_ cards: [PhotoCard], toSectionTitled title: String) -> ItemPath? {
        guard stacksPhotos else {
            walked.append(cards, toSectionTitled: title)
            return nil
        }
        var cards = cards
        var joined: ItemPath?
        if let section = walked.sections.indices.last, walked.sections[section].title == title, let first = cards.first,
            let last = walked.sections[section].cards.indices.last
        {
            let path = ItemPath(item: last, section: section)
            if PhotoStacking.joins(first, after: PhotoStacking.lastPhoto(of: walked[path])) {
                var run = 1
                while run < cards.count && PhotoStacking.joins(cards[run], after: cards[run - 1]) { run += 1 }
                walked.replace(path, with: PhotoCard(stacking: [walked[path]] + cards[..<run]))
                cards.removeFirst(run)
                joined = path
            }
        }
        walked.append(PhotoStacking.stacked(cards), toSectionTitled: title)
        return joined
    }

    /// Makes the cards of `section` of `walked` `cards` (its folder's photos as they are now, stacked), into `batch`:
    /// a card whose cover is still there in the same order is replaced in place when it changed (a stack that gained
    /// or lost a photo, or one of its photos among `reloaded`, the indices of the folder's photos read again, by their
    /// places before), the others go, and the new ones come at their places, which it adds to `replaced` and
    /// `inserted` (by their paths before and after). What is known of an unchanged file's picture (its hash) stays. A
    /// card is never replaced for differing from its file otherwise: its marks may be a file action's, not written yet.
    func restack(
        section: Int, to cards: [PhotoCard], reloaded: [Int], into batch: inout PhotoLibraryBatch,
        replaced: inout [ItemPath], inserted: inout [ItemPath]
    ) {
        let old = walked.sections[section].cards
        let photosBefore = old.flatMap(\.photos)
        let readAgain = Set(reloaded.filter { $0 < photosBefore.count }.map { photosBefore[$0].location })
        var oldIndex: [FileLocation: Int] = [:]
        for (index, card) in old.enumerated() { oldIndex[card.location] = index }
        var kept = [Bool](repeating: false, count: old.count)
        var isNew = [Bool](repeating: true, count: cards.count)
        var lastKept = -1
        for (index, card) in cards.enumerated() {
            guard let before = oldIndex[card.location], before > lastKept else { continue }
            (lastKept, kept[before], isNew[index]) = (before, true, false)
            guard
                !Self.holdTheSamePhotos(old[before], card)
                    || card.photos.contains(where: { readAgain.contains($0.location) })
            else { continue }
            let now = card.keepingPictureFacts(of: old[before])
            let path = ItemPath(item: before, section: section)
            batch.goneFiles += old[before].files
            walked.replace(path, with: now)
            replaced.append(path)
        }
        let deleted = old.indices.filter { !kept[$0] }.map { ItemPath(item: $0, section: section) }
        batch.goneFiles += deleted.flatMap { old[$0.item].files }
        walked.delete(deleted)
        batch.deletedItems += deleted
        for index in cards.indices where isNew[index] {
            walked.insert(cards[index], at: ItemPath(item: index, section: section))
            inserted.append(ItemPath(item: index, section: section))
        }
    }

    /// Whether cards `a` and `b` stand for the same files, in the same order.
    private static func holdTheSamePhotos(_ a: PhotoCard, _ b: PhotoCard) -> Bool {
        guard a.isStack == b.isStack, a.stack.count == b.stack.count else { return false }
        return a.isStack ? a.stack.map(\.location) == b.stack.map(\.location) : a.location == b.location
    }
}

extension PhotoCard {
    /// This card of a file read again, with what `old` (its card before) knew of its picture: its hash, its exact-copy
    /// key and its groups, when the file is the same size and age (its sidecar changed); a stack's photos each so.
    func keepingPictureFacts(of old: PhotoCard) -> PhotoCard {
        var card = self
        if location == old.location && fileSize == old.fileSize && modified == old.modified {
            card.perceptualHash = card.perceptualHash ?? old.perceptualHash
            card.exactCopyKey = old.exactCopyKey
            card.isDuplicate = old.isDuplicate
        }
        if card.isStack {
            let photos = old.isStack ? old.stack : [old]
            let before = Dictionary(photos.map { ($0.location, $0) }) { first, _ in first }
            card.stack = card.stack.map { photo in
                before[photo.location].map { photo.keepingPictureFacts(of: $0) } ?? photo
            }
        }
        return card
    }
}
