import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallX11

/// The photo wall's lightbox: one photo fitted to the window (never enlarged beyond its own pixels, as nsxiv and
/// feh show it) and centred on a dark background, over the wall. Its picture is decoded by the wall's pool at the
/// size it is shown, with the photos on each side next (so that going to one shows it at once); until it arrives the
/// wall's thumbnail stands in, scaled to that size. Left, Page Up and the wheel up go to the previous photo, Right,
/// Page Down and the wheel down to the next; plus, minus and Ctrl+wheel zoom in steps, `z` shows the photo pixel for
/// pixel (1:1) and back, `w` fits it, and while zoomed the arrows and a drag pan it (see Lightbox+Zoom.swift); Escape
/// or Enter goes back to the wall, with the photo shown selected and scrolled into view, except that Enter on a video
/// (its poster shown with the play badge) asks the program to play it (`PhotoWall.onOpenExternally`). The title is the photo's file
/// name. Its keys are the lightbox mode of the wall's `keyBindings`.
public final class Lightbox: PhotoWallOverlay {
    /// The card shown: its index among all the cards.
    public private(set) var index: Int
    unowned let wall: PhotoWall
    let pictures: PhotoPictures
    /// The window's title before the lightbox opened.
    private let wallTitle: String
    /// The zoom level of the photo shown, and its centre's offset from the viewport's in device pixels (see
    /// `zoom(in:)`, which holds it within the edges).
    var zoomState: (level: LightboxZoom.Level, pan: Point) = (.fit, Point(x: 0, y: 0))
    /// Where a drag started, and the pan then.
    private var dragStart: (pointer: Point, pan: Point)?
    /// The slideshow, while it runs (see Lightbox+Slideshow.swift).
    var slideshow: Slideshow?
    /// The info panel, while it is shown (see Lightbox+Info.swift).
    var infoPanel: InfoPanel?
    /// The animation of the photo shown, once its frames are there (see Lightbox+Animation.swift).
    var animation: AnimationPlayback?

    /// A lightbox on card `index` of `wall`, decoded by `pictures`; `open(in:)` shows it.
    init(index: Int, wall: PhotoWall, pictures: PhotoPictures, wallTitle: String) {
        self.index = index
        self.wall = wall
        self.pictures = pictures
        self.wallTitle = wallTitle
    }

    /// The photo card `index` shows, if it is one.
    func file(at index: Int) -> FilePath? {
        wall.items.path(ofIndex: index).map { wall.items[$0].path }
    }

    /// Card `index`'s upright aspect, height ÷ width.
    func aspect(at index: Int) -> Double {
        wall.items.path(ofIndex: index).map { wall.items[$0].aspect } ?? 1
    }

    /// Card `index`'s card, if it is a photo's.
    func card(at index: Int) -> PhotoCard? {
        wall.items.path(ofIndex: index).map { wall.items[$0] }
    }

    /// Card `index`'s photo's upright width in pixels, when its header said.
    func pixelWidth(at index: Int) -> Int? {
        wall.items.path(ofIndex: index).flatMap { wall.items[$0].pixelWidth }
    }

    /// Reports `event` of the card shown (or card `index`), whose photo is `file`, to the wall's observer.
    func report(_ event: @autoclosure () -> LightboxEvent, file: FilePath, index: Int? = nil) {
        wall.report(.lightbox(event(), index: index ?? self.index, file: file))
    }

    /// Shows the lightbox over the wall of `window`.
    func open(in window: any PhotoWallWindow) {
        window.setOverlay(self)
        show(in: window, event: .opened)
    }

    /// Draws the photo shown again when its picture is among `files`, which arrived or failed.
    /// Reports `ahead` for a neighbour's picture decoded ahead, so that a step to it shows it at once.
    func picturesArrived(_ files: [FilePath]) {
        for neighbour in [index - 1, index + 1] {
            if let file = file(at: neighbour), files.contains(file), pictures.largeFailure(of: file) == nil {
                report(.ahead, file: file, index: neighbour)
            }
        }
        if slideshow?.isWaitingForPicture == true, let next = file(at: index + 1), files.contains(next),
            let window = wall.window
        {
            // A step shows the photo that arrived and reports its picture: reporting it again below would say twice
            // that it is there (a slideshow waits so when the decode ahead is slower than its delay).
            let shown = index
            advanceSlide(in: window)
            if index != shown { return }
        }
        guard let file = file(at: index), files.contains(file), let window = wall.window else { return }
        // Not one asked for an earlier zoom step, which stands in meanwhile.
        if isPictureShown { reportPicture(of: file) }
        window.setNeedsOverlayDisplay()
    }

    /// Names the photo shown in the title and to the observer (as `event`, when given), and asks for its picture and
    /// its neighbours'.
    func show(in window: any PhotoWallWindow, event: LightboxEvent?) {
        window.setNeedsOverlayDisplay()
        guard let path = wall.items.path(ofIndex: index) else { return }
        let file = wall.items[path].path
        window.title = wall.items[path].title  // the file's name
        if let event { report(event, file: file) }
        if infoPanel != nil { wall.requestInfo() }  // the panel follows the photo shown
        let fitWidth = pictureWidth(in: window)
        let width = zoom(in: window).decodeWidth
        // Decoded ahead (or failed): it shows in this turn's frame.
        if pictures.largeFailure(of: file) != nil || pictures.largePicture(of: file, width: width) != nil {
            reportPicture(of: file)
        } else if pictures.largePicture(of: file) == nil {  // else the picture of another step stands in, scaled
            pictures.makeStandIn(of: file, width: fitWidth(index))
        }
        requestAnimation(in: window)
        let wanted = [index, index + 1, index - 1].filter { $0 >= 0 && $0 < wall.items.count }
        pictures.wantLarge(
            wanted.compactMap { card in
                self.file(at: card).map { (card, $0, card == index ? width : fitWidth(card)) }
            })
    }

    /// Reports that the photo shown has its picture (drawn in the coming frame), or why it has none.
    private func reportPicture(of file: FilePath) {
        if let reason = pictures.largeFailure(of: file) {
            report(.failed(reason: reason), file: file)
        } else {
            let width = wall.window.map { zoom(in: $0).decodeWidth } ?? 0
            report(.picture(width: pictures.largePicture(of: file, width: width)?.width ?? width), file: file)
        }
    }

    /// The width in device pixels at which card `index`'s photo fits the viewport of `window`: no wider than the
    /// photo itself.
    func pictureWidth(in window: any PhotoWallWindow) -> (Int) -> Int {
        let viewport = window.viewportFrame.size
        let scale = window.scale
        return { [self] index in
            let width = min(viewport.width, viewport.height / max(aspect(at: index), 1e-6))
            let fit = max(1, Int((width * scale).rounded(.down)))
            return min(fit, pixelWidth(at: index) ?? fit)
        }
    }

    /// Handles a key, the wheel or a drag of button 1 over the lightbox.
    public func handle(_ input: OverlayInput) throws {
        guard let window = wall.window else { return }
        switch input {
        case .key(let name, let modifiers):
            try wall.handleKey(name, modifiers: modifiers)  // without the window's interceptor: the same bindings
        case .wheel(let notches):
            go(by: notches.signum(), in: window)
        case .pointerDown(let point):
            dragStart = (point, zoomState.pan)
        case .pointerMoved(let point):
            guard let dragStart else { return }
            drag(from: dragStart.pointer, pan: dragStart.pan, to: point, in: window)
        case .pointerUp:
            dragStart = nil
        }
    }

    /// Does the lightbox's `action`, a zoom about `point` (the pointer's, for the wheel; else the viewport's centre);
    /// returns `false` for an action that is not the lightbox's.
    func perform(_ action: WallAction, at point: Point?, in window: any PhotoWallWindow) -> Bool {
        let zoomed = zoomLevel != .fit
        switch action {
        case .close: close(in: window)
        case .play: play(in: window)
        case .previous: go(by: -1, in: window)
        case .next: go(by: 1, in: window)
        case .pan(.left): zoomed ? pan(.left, in: window) : go(by: -1, in: window)
        case .pan(.right): zoomed ? pan(.right, in: window) : go(by: 1, in: window)
        case .pan(let direction): if zoomed { pan(direction, in: window) }
        case .zoom(let steps): steps < 0 ? zoomOut(at: point, in: window) : zoomIn(at: point, in: window)
        case .zoomToFit: zoomToFit(in: window)
        case .zoomToActualSize: toggleActualSize(in: window)
        case .info: toggleInfo(in: window)
        case .toggleAnimation: toggleAnimation(in: window)
        case .stepAnimation(let frames): stepAnimation(by: frames.signum(), in: window)
        default: return false
        }
        return true
    }

    /// Whether the photo shown has its picture at the size shown, or its failure: what the next frame draws.
    public var isPictureShown: Bool {
        guard let file = file(at: index), let window = wall.window else { return false }
        return pictures.largeFailure(of: file) != nil
            || pictures.largePicture(of: file, width: zoom(in: window).decodeWidth) != nil
    }

    /// Shows the photo `step` cards on, when there is one.
    public func go(by step: Int, in window: any PhotoWallWindow) {
        let next = index + step
        guard next >= 0, next < wall.items.count, file(at: next) != nil else { return }
        index = next
        zoomState = (.fit, Point(x: 0, y: 0))
        show(in: window, event: .shown)
    }

    /// Goes back to the wall, where the photo shown is selected and scrolled into view.
    public func close(in window: any PhotoWallWindow) {
        stopSlideshow(in: window, reason: .close)
        dropAnimation(in: window)
        pictures.wantLarge([])
        pictures.dropStandIn()
        window.setOverlay(nil)
        window.title = wallTitle
        wall.lightbox = nil
        guard let path = wall.items.path(ofIndex: index) else { return }
        report(.closed, file: file(at: index) ?? FilePath())
        let view = window.collectionView
        view.selectItem(at: path)
        view.scrollItemToVisible(path)
        wall.deliverLibrary()  // the folders' updates that waited
    }

    /// Draws the photo at its zoom (fitted and centred at first), or why it cannot be shown.
    public func draw(in canvas: Canvas, frame: Rect) {
        defer { drawInfoPanel(on: canvas, frame: frame) }  // over the photo, when shown
        canvas.fill(frame, color: wall.configuration.look.lightboxBackground)
        guard let file = file(at: index), let window = wall.window else { return }
        if let reason = pictures.largeFailure(of: file) {
            let text = canvas.truncate(reason, toWidth: frame.width - 24)
            let origin = Point(
                x: frame.midX - canvas.textWidth(text) / 2, y: frame.midY - canvas.lineHeight / 2 + canvas.ascent)
            canvas.drawText(text, at: origin, color: wall.configuration.look.lightboxText)
            return
        }
        let zoom = zoom(in: window)
        let rect = photoRect(zoom, in: frame, scale: window.scale)
        if let frame = animationFrame(of: file) {
            // A playing animation's frame, decoded at the width it fits: scaled when zoomed.
            canvas.drawImage(
                frame, in: rect,
                scaling: frame.width == zoom.shownWidth ? .unscaled : zoom.scale > 1 ? .nearest : .smooth)
        } else if let picture = pictures.largePicture(of: file, width: zoom.decodeWidth) {
            // Beyond 1:1, the photo's own pixels magnified, each a crisp block.
            canvas.drawImage(
                picture, in: rect,
                scaling: picture.width == zoom.shownWidth ? .unscaled : zoom.scale > 1 ? .nearest : .smooth)
        } else if let standIn = pictures.largePicture(of: file) ?? pictures.standIn(of: file)
            ?? pictures.picture(of: file)
        {
            // Until the picture at this size arrives: the one of another step, or the thumbnail, scaled.
            canvas.drawImage(standIn, in: rect, scaling: standIn.width == zoom.shownWidth ? .unscaled : .smooth)
        }
        if let card = card(at: index) {
            // The photo's stars or reject at its bottom-right corner, as on its card (the culling keys work here too).
            MarksBadge.draw(card.marks, over: rect.intersection(frame) ?? rect, in: canvas)
            if card.isVideo {
                VideoBadge.draw(duration: card.duration, over: rect.intersection(frame) ?? rect, in: canvas)
            }
        }
    }

    /// Enter: asks for the video shown to be played in the desktop's player (`PhotoWall.onOpenExternally`, reported as
    /// `play`), or, on a picture, goes back to the wall.
    func play(in window: any PhotoWallWindow) {
        guard let card = card(at: index), card.isVideo, !card.isBroken, let onOpen = wall.onOpenExternally else {
            return close(in: window)
        }
        report(.play, file: card.path)
        onOpen(card.path)
    }
}
