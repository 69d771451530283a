import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallPhotos
import WaterfallX11

/// What the wall shows of the pointer's gestures beyond the view's own.
struct WallGestures {
    /// The scrubber label last reported (`PhotoWallEvent.scrubber`): its offset and text, so that a label asked again
    /// unchanged is not.
    var lastReportedScrubberLabel: (offset: Double, text: String)?
    /// Whether a drag of files is over the window (the status bar says that a drop opens them here).
    var dropIsHovering = false
}

/// Dragging photos out of the wall into other programs, and dropping files and folders onto it, as file managers do.
extension PhotoWall {
    /// Begins a drag of the pressed card's files (a closed stack's every photo), or of every selected photo when the
    /// card is among the selected, as file managers drag: `text/uri-list` for editors, browsers and file managers,
    /// and the clipboard's other formats (`clipboardFiles(_:)`), with the card's picture beside the pointer.
    public func collectionView(_ collectionView: CollectionView, beginDragFromItemAt indexPath: ItemPath) -> Bool {
        guard let window, lightbox == nil, compare == nil, items.sections.indices.contains(indexPath.section),
            items.sections[indexPath.section].cards.indices.contains(indexPath.item)
        else { return false }
        let files =
            collectionView.indexPathsForSelectedItems.contains(indexPath) ? selectedFiles : items[indexPath].files
        guard !files.isEmpty else { return false }
        let offer = Self.clipboardFiles(files)
        let picture = (collectionView.visibleCells[indexPath] as? CardCell)?.picture
        guard window.beginDrag(offer.text, formats: offer.formats, picture: picture) else { return false }
        report(.dragStarted(files: files))
        return true
    }

    /// A drag over the window, and its drop: the status bar says that a drop of files opens them here; the files and
    /// folders dropped are added to the wall's roots (`PhotoLibrary.addRoots(_:)`), each folder a section after the
    /// others, as if they had been given at the launch.
    func handleDrop(_ event: DropEvent) {
        switch event {
        case .entered(let acceptable):
            gestures.dropIsHovering = acceptable
            report(.dropHover(acceptable: acceptable))
        case .left, .failed:
            gestures.dropIsHovering = false
            report(.dropHover(acceptable: nil))
        case .dropped(let uris):
            gestures.dropIsHovering = false
            let paths = uris.compactMap { FileURI.path(of: $0) }
            let added = library.addRoots(paths)
            report(.dropped(paths: paths, added: added, ignored: uris.count - paths.count))
        }
        window?.collectionView.setNeedsDisplay()
    }
}
