import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// The wall through its library's arrangement: every photo the walk found stays in the library, by folder, and the
/// cards shown (`items`) are the arrangement's of them. Shown as walked, the walk's and the live folders' changes are
/// the view's batch updates (no card moves); arranged otherwise, each change arranges the wall again (a keystroke of
/// the filter over 100,000 photos is one pass over their folded names and one layout).
extension PhotoWall {
    /// What the wall shows of its photos and how: the filter, the least rating, the rejects, the timeline's grouping
    /// and the order within a section. Setting it arranges the cards again at once; the selected photos that still
    /// show stay selected, and the view goes to the top when the filter or the grouping changed.
    public var arrangement: PhotoArrangement {
        get { library.arrangement }
        set {
            if let change = library.setArrangement(newValue) { show(change) }
        }
    }
}
