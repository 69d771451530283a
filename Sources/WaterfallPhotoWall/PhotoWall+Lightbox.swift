import Waterfall
import WaterfallLibrary

/// The wall's ways into its lightbox (a card activated, and the slideshow) and its compare view.
extension PhotoWall {
    /// Opens the lightbox on the focused photo (else the first selected, else the first) and starts its slideshow.
    public func startSlideshow() {
        guard let window else { return }
        if lightbox == nil {
            guard
                let path = collectionView.focusedItem ?? collectionView.indexPathsForSelectedItems.first
                    ?? items.path(ofIndex: 0)
            else { return }
            openLightbox(at: path)
        }
        lightbox?.startSlideshow(in: window)
    }

    /// Opens the compare view on the selected photos, two to four of them (`c`); else the status bar says so.
    public func openCompare() {
        guard lightbox == nil, compare == nil, let pictures, let window else { return }
        let files = collectionView.indexPathsForSelectedItems.sorted().map { items[$0].path }
        guard (2...4).contains(files.count) else {
            culling.activityMessage = "Select 2 to 4 photos to compare (\(files.count) selected)"
            return
        }
        let compare = CompareView(files: files, wall: self, pictures: pictures, wallTitle: window.title)
        self.compare = compare
        compare.open(in: window)
    }

    /// Opens the lightbox on the photo at `indexPath` (Enter or a double click on its card).
    public func openLightbox(at indexPath: ItemPath) {
        guard lightbox == nil, compare == nil, let pictures, let window else { return }
        let lightbox = Lightbox(
            index: items.index(of: indexPath), wall: self, pictures: pictures, wallTitle: window.title)
        self.lightbox = lightbox
        lightbox.open(in: window)
    }
}
