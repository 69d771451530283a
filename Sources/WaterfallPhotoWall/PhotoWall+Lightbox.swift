import Waterfall
import WaterfallLibrary

/// The wall's ways into its lightbox: a card activated, and the slideshow.
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

    /// Opens the lightbox on the photo at `indexPath` (Enter or a double click on its card).
    public func openLightbox(at indexPath: ItemPath) {
        guard lightbox == nil, let pictures, let window else { return }
        let lightbox = Lightbox(
            index: items.index(of: indexPath), wall: self, pictures: pictures, wallTitle: window.title)
        self.lightbox = lightbox
        lightbox.open(in: window)
    }
}
