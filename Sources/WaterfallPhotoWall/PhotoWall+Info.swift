import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallPhotos

/// The photos' EXIF information on the wall: asked for the lightbox's info panel (first) and, with
/// `Configuration.captionInfo`, for the cards in view, whose third caption line shows its summary when it arrives.
extension PhotoWall {
    /// Asks for the information the lightbox's panel and the cards in view lack, the panel's photo first.
    func requestInfo() {
        guard let infos else { return }
        var files: [FilePath] = []
        if let lightbox, lightbox.isInfoShown, let file = lightbox.file(at: lightbox.index) { files.append(file) }
        if configuration.captionInfo {
            files += collectionView.indexPathsForItemsInViewport.sorted {
                $0.section == $1.section ? $0.item < $1.item : $0.section < $1.section
            }
            .map { items[$0].path }
        }
        infos.want(files)
    }

    /// Takes the information read: the cards on screen that show those photos get their info line (each reported as
    /// `infoLine` with the card's index), and the lightbox its panel.
    func deliverInfo() {
        guard let infos else { return }
        let files = infos.deliver()
        guard !files.isEmpty else { return }
        if configuration.captionInfo {
            let arrived = Set(files)
            for (path, cell) in collectionView.visibleCells {
                guard let card = cell as? PhotoCardCell, let file = card.file, arrived.contains(file) else { continue }
                card.detail = infoLine(of: file)
                collectionView.setNeedsDisplay(forItem: path)
                report(.infoLine(index: items.index(of: path), line: card.detail))
            }
        }
        lightbox?.infoArrived(files)
    }

    /// A card's info line: its photo's summary when it was read and has one, else nothing.
    func infoLine(of file: FilePath?) -> String {
        file.flatMap { infos?.info(of: $0)?.summary } ?? ""
    }
}
