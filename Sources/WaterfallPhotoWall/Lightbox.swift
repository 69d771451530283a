import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallX11

/// The photo wall's lightbox: one photo fitted to the window (never enlarged beyond its own pixels, as nsxiv and
/// feh show it) and centred on a dark background, over the wall. Its picture is decoded by the wall's pool at the
/// size it is shown, with the photos on each side next (so that going to one shows it at once); until it arrives the
/// wall's thumbnail stands in, scaled to that size. Left, Page Up and the wheel up go to the previous photo, Right,
/// Page Down and the wheel down to the next; `z` shows the photo pixel for pixel (1:1) and back, and at 1:1 dragging
/// pans it; Escape or Enter goes back to the wall, with the photo shown selected and scrolled into view. The title is
/// the photo's file name. Its keys are the lightbox mode of the wall's `keyBindings`.
public final class Lightbox: WindowOverlay {
    /// The card shown: its index among all the cards.
    public private(set) var index: Int
    unowned let wall: PhotoWall
    let pictures: PhotoPictures
    /// The window's title before the lightbox opened.
    private let wallTitle: String
    /// Whether the photo is shown pixel for pixel (`z`) rather than fitted.
    public private(set) var isActualSize = false
    /// How far the photo at 1:1 is dragged from the centre, in points.
    private var pan = Point(x: 0, y: 0)
    /// Where a drag started, and the pan then.
    private var dragStart: (pointer: Point, pan: Point)?
    /// The slideshow, while it runs (see Lightbox+Slideshow.swift).
    var slideshow: Slideshow?
    /// The info panel, while it is shown (see Lightbox+Info.swift).
    var infoPanel: InfoPanel?

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
    private func aspect(at index: Int) -> Double {
        wall.items.path(ofIndex: index).map { wall.items[$0].aspect } ?? 1
    }

    /// Card `index`'s photo's upright width in pixels, when its header said.
    private func pixelWidth(at index: Int) -> Int? {
        wall.items.path(ofIndex: index).flatMap { wall.items[$0].pixelWidth }
    }

    /// Logs a `lightbox` event: `action` on the card shown, whose photo is `file`, with `extra` fields.
    func log(_ action: String, file: FilePath, index: Int? = nil, _ extra: [(String, JSONValue)] = []) {
        wall.log?.log("lightbox", [("action", .string(action)), ("index", .int(index ?? self.index)), ("path", .string(file.string))] + extra)
    }

    /// Shows the lightbox over the wall of `window`.
    func open(in window: WaterfallWindow) {
        window.overlay = self
        show(in: window, action: "open")
    }

    /// Draws the photo shown again when its picture is among `files`, which arrived or failed.
    /// Logs `ahead` for a neighbour's picture decoded ahead, so that a step to it shows it at once.
    func picturesArrived(_ files: [FilePath]) {
        for neighbour in [index - 1, index + 1] {
            if let file = file(at: neighbour), files.contains(file), pictures.largeFailure(of: file) == nil { log("ahead", file: file, index: neighbour) }
        }
        if slideshow?.isWaitingForPicture == true, let next = file(at: index + 1), files.contains(next), let window = wall.window {
            advanceSlide(in: window)
        }
        guard let file = file(at: index), files.contains(file), let window = wall.window else { return }
        logPicture(of: file)
        window.setNeedsOverlayDisplay()
    }

    /// Names the photo shown in the title and the log (as `action`, when given), and asks for its picture and its
    /// neighbours'.
    private func show(in window: WaterfallWindow, action: String?) {
        window.setNeedsOverlayDisplay()
        guard let path = wall.items.path(ofIndex: index) else { return }
        let file = wall.items[path].path
        window.title = wall.items[path].title  // the file's name
        if let action { log(action, file: file) }
        if infoPanel != nil { wall.requestInfo() }  // the panel follows the photo shown
        let fitWidth = pictureWidth(in: window)
        let width = shownWidth(fitWidth)
        // Decoded ahead (or failed): it shows in this turn's frame.
        if pictures.largeFailure(of: file) != nil || pictures.largePicture(of: file, width: width) != nil {
            logPicture(of: file)
        } else {
            pictures.makeStandIn(of: file, width: fitWidth(index))
        }
        let wanted = [index, index + 1, index - 1].filter { $0 >= 0 && $0 < wall.items.count }
        pictures.wantLarge(wanted.compactMap { card in
            self.file(at: card).map { (card, $0, card == index ? width : fitWidth(card)) }
        })
    }

    /// The width in device pixels at which the photo shown is drawn: its own at 1:1, else fitted.
    private func shownWidth(_ fitWidth: (Int) -> Int) -> Int {
        isActualSize ? pixelWidth(at: index) ?? fitWidth(index) : fitWidth(index)
    }

    /// Logs that the photo shown has its picture (drawn in the coming frame), or why it has none.
    private func logPicture(of file: FilePath) {
        if let reason = pictures.largeFailure(of: file) {
            log("failed", file: file, [("reason", .string(reason))])
        } else {
            log("picture", file: file)
        }
    }

    /// The width in device pixels at which card `index`'s photo fits the viewport of `window`: no wider than the
    /// photo itself.
    func pictureWidth(in window: WaterfallWindow) -> (Int) -> Int {
        let viewport = window.viewportFrame.size
        let scale = window.scale
        return { [self] index in
            let width = min(viewport.width, viewport.height / max(aspect(at: index), 1e-6))
            let fit = max(1, Int((width * scale).rounded(.down)))
            return min(fit, pixelWidth(at: index) ?? fit)
        }
    }

    /// Handles a key, the wheel or a drag of button 1 over the lightbox.
    public func handle(_ input: OverlayInput, in window: WaterfallWindow) throws {
        switch input {
        case let .key(name, modifiers):
            try wall.handleKey(name, modifiers: modifiers)  // without the window's interceptor: the same bindings
        case let .wheel(notches):
            go(by: notches.signum(), in: window)
        case let .pointerDown(point):
            dragStart = (point, pan)
        case let .pointerMoved(point):
            guard isActualSize, let dragStart else { return }
            let dragged = Point(x: dragStart.pan.x + point.x - dragStart.pointer.x, y: dragStart.pan.y + point.y - dragStart.pointer.y)
            pan = clamped(dragged, size: pictureSize(width: shownWidth(pictureWidth(in: window)), in: window), in: window.viewportFrame)
            window.setNeedsOverlayDisplay()
        case .pointerUp:
            dragStart = nil
        }
    }

    /// Does the lightbox's `action` (a name of `PhotoWall.defaultKeyBindings`' lightbox mode), the pointer at `point`;
    /// returns `false` for an action that is not the lightbox's.
    func perform(_ action: String, at point: Point?, in window: WaterfallWindow) -> Bool {
        switch action {
        case "close": close(in: window)
        case "previous": go(by: -1, in: window)
        case "next": go(by: 1, in: window)
        case "pan-left": go(by: -1, in: window)
        case "pan-right": go(by: 1, in: window)
        case "zoom-actual": toggleActualSize(in: window)
        case "info": toggleInfo(in: window)
        default: return false
        }
        return true
    }

    /// `z`: 1:1 (decoded at the photo's own width) or fitted again, centred either way. Logs `zoom` with the `size`.
    private func toggleActualSize(in window: WaterfallWindow) {
        isActualSize.toggle()
        pan = Point(x: 0, y: 0)
        if let file = file(at: index) { log("zoom", file: file, [("size", .string(isActualSize ? "1:1" : "fit"))]) }
        show(in: window, action: nil)
    }

    /// `pan` held so that a photo larger than the viewport still covers it, and a smaller one stays centred.
    private func clamped(_ pan: Point, size: Size, in frame: Rect) -> Point {
        let limitX = max(0, (size.width - frame.width) / 2), limitY = max(0, (size.height - frame.height) / 2)
        return Point(x: min(limitX, max(-limitX, pan.x)), y: min(limitY, max(-limitY, pan.y)))
    }

    /// Whether the photo shown has its picture at the size shown, or its failure: what the next frame draws.
    public var isPictureShown: Bool {
        guard let file = file(at: index), let window = wall.window else { return false }
        return pictures.largeFailure(of: file) != nil || pictures.largePicture(of: file, width: shownWidth(pictureWidth(in: window))) != nil
    }

    /// Shows the photo `step` cards on, when there is one.
    public func go(by step: Int, in window: WaterfallWindow) {
        let next = index + step
        guard next >= 0, next < wall.items.count, file(at: next) != nil else { return }
        index = next
        isActualSize = false
        pan = Point(x: 0, y: 0)
        show(in: window, action: "show")
    }

    /// Goes back to the wall, where the photo shown is selected and scrolled into view.
    public func close(in window: WaterfallWindow) {
        stopSlideshow(in: window, reason: "close")
        pictures.wantLarge([])
        pictures.dropStandIn()
        window.overlay = nil
        window.title = wallTitle
        wall.lightbox = nil
        guard let path = wall.items.path(ofIndex: index) else { return }
        log("close", file: file(at: index) ?? FilePath())
        let view = window.collectionView
        view.selectItem(at: path)
        view.scrollItemToVisible(path)
        wall.applyFolderUpdates([])  // those that waited
    }

    /// Draws the photo fitted (or at 1:1) and centred, or why it cannot be shown.
    public func draw(in canvas: Canvas, frame: Rect) {
        defer { drawInfoPanel(on: canvas, frame: frame) }  // over the photo, when shown
        canvas.fill(frame, color: wall.configuration.look.lightboxBackground)
        guard let file = file(at: index), let window = wall.window else { return }
        if let reason = pictures.largeFailure(of: file) {
            let text = canvas.truncate(reason, toWidth: frame.width - 24)
            let origin = Point(x: frame.midX - canvas.textWidth(text) / 2, y: frame.midY - canvas.lineHeight / 2 + canvas.ascent)
            canvas.drawText(text, at: origin, color: wall.configuration.look.lightboxText)
            return
        }
        let fitWidth = pictureWidth(in: window)
        let width = shownWidth(fitWidth)
        if let picture = pictures.largePicture(of: file, width: width) {
            draw(picture, size: pictureSize(width: width, in: window), centredIn: frame, offset: pan, on: canvas)
        } else if let fitted = pictures.largePicture(of: file, width: fitWidth(index))
                    ?? pictures.standIn(of: file, width: fitWidth(index)) {
            // 1:1 is being decoded (the fitted picture shows meanwhile), or the picture is: its thumbnail, scaled.
            draw(fitted, size: pictureSize(width: fitWidth(index), in: window), centredIn: frame, offset: Point(x: 0, y: 0), on: canvas)
        } else if let thumbnail = pictures.picture(of: file) {
            let size = Size(width: Double(thumbnail.width) / window.scale, height: Double(thumbnail.height) / window.scale)
            draw(thumbnail, size: size, centredIn: frame, offset: Point(x: 0, y: 0), on: canvas)
        }
    }

    /// The size in points of the photo shown `width` device pixels wide.
    private func pictureSize(width: Int, in window: WaterfallWindow) -> Size {
        Size(width: Double(width) / window.scale, height: (Double(width) * aspect(at: index)).rounded() / window.scale)
    }

    private func draw(_ image: ImageHandle, size: Size, centredIn frame: Rect, offset: Point, on canvas: Canvas) {
        canvas.drawImage(image, in: Rect(x: frame.midX - size.width / 2 + offset.x, y: frame.midY - size.height / 2 + offset.y,
                                         width: size.width, height: size.height))
    }
}
