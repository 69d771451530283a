import Waterfall
import WaterfallAccessibility
import WaterfallPhotoWall

/// The wall's words for the accessibility bridge: the list is "Photos", its cards and section bars are named by the
/// wall (`PhotoWall.accessibleName(ofItemAt:)`), its counts are the photos shown, and the lightbox's photo is the
/// picture shown over it.
final class WallAccessibility: AccessibilityContent {
    unowned let wall: PhotoWall

    init(wall: PhotoWall) {
        self.wall = wall
    }

    var listName: String { "Photos" }

    var listSummary: String { wall.accessibleSummary }

    func accessibleName(of element: ElementID) -> String {
        switch element.kind {
        case .cell: wall.accessibleName(ofItemAt: element.indexPath)
        case .header, .footer:
            wall.accessibleName(ofSupplementaryElementOfKind: element.kind, inSection: element.indexPath.section)
        case .loadMoreFooter: ""
        }
    }

    var shownImage: Int? { wall.lightbox?.index }

    func accessibleImage(_ image: Int) -> AccessibleImage {
        guard let path = wall.items.path(ofIndex: image) else { return AccessibleImage(name: "", description: "") }
        let card = wall.items[path]
        let size = card.pixelWidth.flatMap { width in card.pixelHeight.map { (width: width, height: $0) } }
        return AccessibleImage(
            name: wall.accessibleName(ofItemAt: path), description: wall.accessibleDescription(ofItemAt: path),
            size: size)
    }
}
