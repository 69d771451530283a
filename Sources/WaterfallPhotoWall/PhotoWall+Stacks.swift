import Waterfall
import WaterfallLibrary
import WaterfallPhotos

/// Stacks on the wall: a RAW and its JPEG, or a burst, is one card with a count (`PhotoStacking`), which the culling
/// keys act on as a whole. `g` opens the focused stack, each photo then a card of its own with its place ("2/3") for
/// the keys to act on alone, and closes it again from any of them.
extension PhotoWall {
    /// Opens the focused card's stack (without a focus, the first selected card's), or closes the open stack the card
    /// is in, keeping the focus on the stack; on a card of one photo the status bar says so. Reports `stackToggled`.
    func toggleStack() {
        guard let path = collectionView.focusedItem ?? collectionView.indexPathsForSelectedItems.first else {
            culling.activityMessage = "No stack to open: focus one first"
            return
        }
        let card = items[path]
        var arrangement = arrangement
        let stack: PhotoCard
        if card.isStack {
            stack = card
            arrangement.openStacks.insert(card.path)
        } else if card.stackPlace != nil, let walked = library.walked.path(of: card.path) {
            stack = library.walked[walked]
            arrangement.openStacks.subtract(stack.files)
        } else {
            culling.activityMessage = "\(card.title) is not in a stack"
            return
        }
        self.arrangement = arrangement
        let opened = card.isStack
        // Opened: its first photo, where the stack was; closed: the stack.
        if let focus = items.path(of: opened ? stack.stack[0].path : stack.path) { collectionView.focusItem(at: focus) }
        report(.stackToggled(files: stack.files, isOpen: opened, itemCount: items.count))
    }
}
