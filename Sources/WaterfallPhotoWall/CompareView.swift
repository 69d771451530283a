import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallX11

/// Two to four photos side by side, filling the window (`c` on the wall with them selected), for choosing among
/// near-duplicates as darktable's and digiKam's compare views do: two or three in a row, four in two rows. Zoom and pan
/// are the same in every pane: a magnification of each photo's fitted size (plus, minus, `w`; the wheel) and the point
/// of the photo at the panes' centres, as a fraction of its width and height (the arrows, a drag), so that copies of
/// different sizes show the same part. One pane is active (an orange ring): a click chooses it, as do Ctrl+1 to Ctrl+4
/// and the previous and next keys (Page Up, Page Down); ratings, reject, trash, rotation and keywords act on its
/// photo. A photo trashed leaves the view; Escape goes back to the wall with the photos that are left selected. Its
/// keys are the lightbox mode's of the wall's `keyBindings`.
public final class CompareView: PhotoWallOverlay {
    /// The photos compared, in their panes' order.
    public private(set) var files: [FilePath]
    /// The active pane.
    public private(set) var active = 0
    /// The photos' size as a multiple of their fitted size: 1 is fitted (never more than 8).
    public private(set) var magnification = 1.0
    /// The point of each photo at its pane's centre, as fractions of its width and height.
    public private(set) var center = Point(x: 0.5, y: 0.5)
    /// The magnifications the zoom keys step through.
    public static let magnifications: [Double] = [1, 1.5, 2, 3, 4, 6, 8]
    /// The space between the panes, in points.
    static let gap = 4.0

    unowned let wall: PhotoWall
    let pictures: PhotoPictures
    /// The window's title before the view opened.
    private let wallTitle: String
    /// Where each photo's card was last found on the wall (`place(of:)`).
    private var places: [FilePath: ItemPath] = [:]
    /// Where a drag started, and the centre then.
    private var dragStart: (pointer: Point, center: Point)?
    /// Where the pointer was when a key last chose the active pane (`followPointer(in:)`).
    private var pointerAtKeyChoice: Point?

    /// A view of `files` (two to four) over `wall`, decoded by `pictures`; `open(in:)` shows it.
    init(files: [FilePath], wall: PhotoWall, pictures: PhotoPictures, wallTitle: String) {
        self.files = files
        self.wall = wall
        self.pictures = pictures
        self.wallTitle = wallTitle
    }

    /// The active pane's photo.
    public var activeFile: FilePath? { files.indices.contains(active) ? files[active] : nil }

    /// Shows the view over the wall of `window`, its first pane active until the pointer moves.
    func open(in window: any PhotoWallWindow) {
        pointerAtKeyChoice = window.pointerLocation
        window.setOverlay(self)
        changed(in: window)
    }

    /// The panes' frames in `frame` (the viewport, in points), in the files' order: two or three in a row, four in
    /// two rows of two.
    public static func paneFrames(count: Int, in frame: Rect) -> [Rect] {
        guard count > 0 else { return [] }
        let columns = count == 4 ? 2 : count
        let rows = count == 4 ? 2 : 1
        let width = (frame.width - gap * Double(columns - 1)) / Double(columns)
        let height = (frame.height - gap * Double(rows - 1)) / Double(rows)
        return (0..<count).map { pane in
            Rect(
                x: frame.minX + Double(pane % columns) * (width + gap),
                y: frame.minY + Double(pane / columns) * (height + gap), width: max(0, width), height: max(0, height))
        }
    }

    /// The card of `file` on the wall, if it is there.
    private func card(of file: FilePath) -> PhotoCard? { place(of: file).map { wall.items[$0] } }

    /// Where `file`'s card is on the wall: the place found last when its card is still there (each frame asks for
    /// every pane's, and a search of the wall's cards is a pass over all of them), else found again.
    private func place(of file: FilePath) -> ItemPath? {
        let items = wall.items
        if let path = places[file], path.section < items.numberOfSections,
            path.item < items.numberOfItems(inSection: path.section), items[path].location.isFile(at: file)
        {
            return path
        }
        places[file] = items.path(of: file)
        return places[file]
    }

    /// Where `file`'s photo lies in `pane` (points) at the magnification and the centre, and its width in device
    /// pixels then (at most its own width, times the magnification).
    public func photoRect(of file: FilePath, in pane: Rect, scale: Double) -> (rect: Rect, deviceWidth: Int) {
        let aspect = card(of: file)?.aspect ?? 1
        var fit = Size(width: pane.width, height: pane.width * aspect)
        if fit.height > pane.height { fit = Size(width: pane.height / aspect, height: pane.height) }
        if let own = card(of: file)?.pixelWidth, Double(own) < fit.width * scale {
            fit = Size(width: Double(own) / scale, height: Double(own) / scale * aspect)
        }
        let size = Size(width: fit.width * magnification, height: fit.height * magnification)
        func origin(_ length: Double, _ extent: Double, _ start: Double, _ fraction: Double) -> Double {
            guard length > extent else { return start + (extent - length) / 2 }
            let wanted = start + extent / 2 - fraction * length
            return min(start, max(start + extent - length, wanted))
        }
        let rect = Rect(
            x: origin(size.width, pane.width, pane.minX, center.x),
            y: origin(size.height, pane.height, pane.minY, center.y), width: size.width, height: size.height)
        return (rect, max(1, Int((size.width * scale).rounded())))
    }

    /// Asks for each pane's picture at the size it is shown, reports the view, and draws it again.
    func changed(in window: any PhotoWallWindow) {
        let panes = Self.paneFrames(count: files.count, in: window.viewportFrame)
        pictures.wantLarge(
            zip(files, panes).compactMap { file, pane in
                guard let path = place(of: file) else { return nil }
                return (
                    wall.items.index(of: path), file, photoRect(of: file, in: pane, scale: window.scale).deviceWidth
                )
            })
        window.title = "Compare: " + files.compactMap { $0.lastComponent?.string }.joined(separator: " · ")
        window.setNeedsOverlayDisplay()
        wall.report(.compared(files: files, active: active, magnification: magnification))
    }

    /// Draws the view again when a pane's picture arrived, and reports `compareDrawn` once every pane's is there at
    /// the size shown (or failed).
    func picturesArrived(_ arrived: [FilePath]) {
        guard arrived.contains(where: files.contains), let window = wall.window else { return }
        window.setNeedsOverlayDisplay()
        let panes = Self.paneFrames(count: files.count, in: window.viewportFrame)
        let drawn = zip(files, panes).allSatisfy { file, pane in
            pictures.largeFailure(of: file) != nil
                || pictures.largePicture(
                    of: file, width: photoRect(of: file, in: pane, scale: window.scale).deviceWidth)
                    != nil
        }
        if drawn { wall.report(.compareDrawn(files: files)) }
    }

    /// Handles a key, the wheel, or a click or drag of button 1.
    public func handle(_ input: OverlayInput) throws {
        guard let window = wall.window else { return }
        switch input {
        case .key(let name, let modifiers):
            try wall.handleKey(name, modifiers: modifiers)
        case .wheel(let notches):
            zoom(by: -notches.signum(), in: window)
        case .pointerDown(let point):
            let panes = Self.paneFrames(count: files.count, in: window.viewportFrame)
            if let pane = panes.firstIndex(where: { $0.contains(point) }), pane != active {
                active = pane
                changed(in: window)
            }
            dragStart = (point, center)
        case .pointerMoved(let point):
            guard let dragStart, let file = activeFile else { return }
            let pane = Self.paneFrames(count: files.count, in: window.viewportFrame)[active]
            let shown = photoRect(of: file, in: pane, scale: window.scale).rect
            center = Self.clamped(
                Point(
                    x: dragStart.center.x - (point.x - dragStart.pointer.x) / max(shown.width, 1),
                    y: dragStart.center.y - (point.y - dragStart.pointer.y) / max(shown.height, 1)))
            changed(in: window)
        case .pointerUp:
            dragStart = nil
        }
    }

    /// Does the compare view's `action`; returns `false` for one that is not its own.
    func perform(_ action: WallAction, in window: any PhotoWallWindow) -> Bool {
        switch action {
        case .close, .play: close(in: window)
        case .previous, .focus(.previous): choose((active + files.count - 1) % max(files.count, 1), in: window)
        case .next, .focus(.next): choose((active + 1) % max(files.count, 1), in: window)
        case .comparePane(let pane): choose(pane - 1, in: window)
        case .zoom(let steps): zoom(by: steps.signum(), in: window)
        case .zoomToFit:
            (magnification, center) = (1, Point(x: 0.5, y: 0.5))
            changed(in: window)
        case .zoomToActualSize:
            // The active photo pixel for pixel: its own width over its fitted width.
            guard let file = activeFile, let own = card(of: file)?.pixelWidth else { return true }
            let pane = Self.paneFrames(count: files.count, in: window.viewportFrame)[active]
            magnification = 1
            let fitted = photoRect(of: file, in: pane, scale: window.scale).deviceWidth
            magnification = min(8, max(1, Double(own) / Double(max(fitted, 1))))
            changed(in: window)
        case .pan(let direction):
            let step = LightboxZoom.panStep / magnification
            let (dx, dy): (Double, Double) =
                switch direction {
                case .left: (-step, 0)
                case .right: (step, 0)
                case .up: (0, -step)
                case .down: (0, step)
                }
            center = Self.clamped(Point(x: center.x + dx, y: center.y + dy))
            changed(in: window)
        default: return false
        }
        return true
    }

    /// Makes pane `pane` the active one, if there is one: a key's choice, which stands until the pointer moves.
    private func choose(_ pane: Int, in window: any PhotoWallWindow) {
        guard files.indices.contains(pane) else { return }
        active = pane
        pointerAtKeyChoice = window.pointerLocation
        changed(in: window)
    }

    /// Makes the pane under the pointer the active one, when the pointer moved since the view opened or a key last
    /// chose one (Ctrl+1..4, Page Up/Down): the culling keys act on the photo under the pointer, as in darktable's compare view, or on the
    /// one a key chose while the pointer stays where it was.
    func followPointer(in window: any PhotoWallWindow) {
        guard let point = window.pointerLocation, point != pointerAtKeyChoice,
            let pane = Self.paneFrames(count: files.count, in: window.viewportFrame).firstIndex(where: {
                $0.contains(point)
            }), pane != active
        else { return }
        active = pane
        changed(in: window)
    }

    /// One magnification step in (`steps` 1) or out (-1).
    private func zoom(by steps: Int, in window: any PhotoWallWindow) {
        let levels = Self.magnifications
        let next =
            steps > 0
            ? levels.first { $0 > magnification + 1e-9 } ?? levels[levels.count - 1]
            : levels.last { $0 < magnification - 1e-9 } ?? levels[0]
        guard next != magnification else { return }
        magnification = next
        if magnification == 1 { center = Point(x: 0.5, y: 0.5) }
        changed(in: window)
    }

    /// `point` within the unit square.
    private static func clamped(_ point: Point) -> Point {
        Point(x: min(1, max(0, point.x)), y: min(1, max(0, point.y)))
    }

    /// Takes `file` out of the view (trashed): the view goes back to the wall when none is left.
    func remove(_ file: FilePath, in window: any PhotoWallWindow) {
        guard let place = files.firstIndex(of: file) else { return }
        files.remove(at: place)
        if files.isEmpty { return close(in: window) }
        active = min(active, files.count - 1)
        changed(in: window)
    }

    /// Goes back to the wall, where the photos left are selected and the first is scrolled into view.
    public func close(in window: any PhotoWallWindow) {
        pictures.wantLarge([])
        window.setOverlay(nil)
        wall.compare = nil
        wall.report(.compareClosed(survivors: files))
        let view = window.collectionView
        view.deselectAllItems()
        let paths = files.compactMap { place(of: $0) }
        for path in paths { view.selectItem(at: path) }
        if let first = paths.first { view.scrollItemToVisible(first) }
        window.title = wallTitle
        wall.deliverLibrary()  // the folders' updates that waited
    }

    /// Draws the panes: each photo at the magnification and the centre, the active pane's ring, each photo's marks and
    /// its name.
    public func draw(in canvas: Canvas, frame: Rect) {
        let look = wall.configuration.look
        canvas.fill(frame, color: look.lightboxBackground)
        guard let window = wall.window else { return }
        for (pane, (file, rect)) in zip(files, Self.paneFrames(count: files.count, in: frame)).enumerated() {
            canvas.setClip(rect)
            let (photo, width) = photoRect(of: file, in: rect, scale: window.scale)
            if let reason = pictures.largeFailure(of: file) {
                let text = canvas.truncate(reason, toWidth: rect.width - 24)
                canvas.drawText(
                    text, at: Point(x: rect.midX - canvas.textWidth(text) / 2, y: rect.midY), color: look.lightboxText)
            } else if let picture = pictures.largePicture(of: file, width: width) {
                canvas.drawImage(picture, in: photo, scaling: picture.width == width ? .unscaled : .smooth)
            } else if let standIn = pictures.largePicture(of: file) ?? pictures.picture(of: file) {
                canvas.drawImage(standIn, in: photo, scaling: .smooth)
            }
            if let card = card(of: file) {
                MarksBadge.draw(card.marks, over: photo.intersection(rect) ?? rect, in: canvas)
                let name = canvas.truncate(card.title, toWidth: rect.width - 16)
                canvas.drawText(
                    name, at: Point(x: rect.minX + 8, y: rect.maxY - 8 - canvas.lineHeight + canvas.ascent),
                    color: look.lightboxText)
            }
            canvas.setClip(nil)
            if pane == active {
                let ring = 3.0
                for edge in [
                    Rect(x: rect.minX, y: rect.minY, width: rect.width, height: ring),
                    Rect(x: rect.minX, y: rect.maxY - ring, width: rect.width, height: ring),
                    Rect(x: rect.minX, y: rect.minY, width: ring, height: rect.height),
                    Rect(x: rect.maxX - ring, y: rect.minY, width: ring, height: rect.height),
                ] {
                    canvas.fill(edge, color: look.focusRing)
                }
            }
        }
    }
}
