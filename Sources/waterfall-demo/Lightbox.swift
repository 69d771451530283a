import SystemPackage
import Waterfall
import WaterfallDemoKit
import WaterfallX11

/// The photo wall's lightbox: one photo fitted to the window and centred on a dark background, over the wall. Its
/// picture is decoded by the wall's pool at the size it is shown, with the photos on each side next (so that going
/// to one shows it at once); until it arrives the wall's thumbnail stands in, centred. Left, Page Up and the wheel
/// up go to the previous photo, Right, Page Down and the wheel down to the next; Escape or Enter goes back to the
/// wall, with the photo shown selected and scrolled into view. The title is the photo's file name.
final class Lightbox: WindowOverlay {
    /// The card shown: its index among all the cards.
    private(set) var index: Int
    private unowned let controller: DemoController
    private let pictures: PhotoPictures
    /// The window's title before the lightbox opened.
    private let wallTitle: String

    static let background = Color(rgb: 0x101113)
    static let textColor = Color(rgb: 0xD8DCE2)

    /// A lightbox on card `index` of `controller`'s wall, decoded by `pictures`; `open(in:)` shows it.
    init(index: Int, controller: DemoController, pictures: PhotoPictures, wallTitle: String) {
        self.index = index
        self.controller = controller
        self.pictures = pictures
        self.wallTitle = wallTitle
    }

    /// The photo card `index` shows, if it is one.
    private func file(at index: Int) -> FilePath? {
        controller.items.path(ofIndex: index).flatMap { controller.items[$0].path }
    }

    /// Card `index`'s upright aspect, height ÷ width.
    private func aspect(at index: Int) -> Double {
        controller.items.path(ofIndex: index).map { controller.items[$0].aspect } ?? 1
    }

    /// Logs a `lightbox` event: `action` on the card shown, whose photo is `file`, with `extra` fields.
    private func log(_ action: String, file: FilePath, _ extra: [(String, JSONValue)] = []) {
        controller.log?.log("lightbox", [("action", .string(action)), ("index", .int(index)), ("path", .string(file.string))] + extra)
    }

    /// Shows the lightbox over the wall of `window`.
    func open(in window: WaterfallWindow) {
        pictures.onLarge = { [weak self, weak window] file in
            guard let self, let window, file == self.file(at: index) else { return }
            logPicture(of: file)
            window.setNeedsOverlayDisplay()
        }
        window.overlay = self
        show(in: window, action: "open")
    }

    /// Names the photo shown in the title and the log, and asks for its picture and its neighbours'.
    private func show(in window: WaterfallWindow, action: String) {
        window.setNeedsOverlayDisplay()
        guard let path = controller.items.path(ofIndex: index), let file = controller.items[path].path else { return }
        window.title = controller.items[path].title  // the file's name
        log(action, file: file)
        let width = pictureWidth(in: window)
        // Decoded ahead (or failed): it shows in this turn's frame.
        if pictures.largeFailure(of: file) != nil || pictures.largePicture(of: file, width: width(index)) != nil { logPicture(of: file) }
        let wanted = [index, index + 1, index - 1].filter { $0 >= 0 && $0 < controller.items.shownCount }
        pictures.wantLarge(wanted.compactMap { card in self.file(at: card).map { (card, $0, width(card)) } })
    }

    /// Logs that the photo shown has its picture (drawn in the coming frame), or why it has none.
    private func logPicture(of file: FilePath) {
        if let reason = pictures.largeFailure(of: file) {
            log("failed", file: file, [("reason", .string(reason))])
        } else {
            log("picture", file: file)
        }
    }

    /// The width in device pixels at which card `index`'s photo fits the viewport of `window`.
    private func pictureWidth(in window: WaterfallWindow) -> (Int) -> Int {
        let viewport = window.viewportFrame.size
        let scale = window.scale
        return { [self] index in
            let width = min(viewport.width, viewport.height / max(aspect(at: index), 1e-6))
            return max(1, Int((width * scale).rounded(.down)))
        }
    }

    func handle(_ input: OverlayInput, in window: WaterfallWindow) throws {
        switch input {
        case let .key(name, _):
            switch name {
            case "Escape", "Return", "KP_Enter": close(in: window)
            case "Left", "KP_Left", "Prior", "KP_Prior", "BackSpace": go(by: -1, in: window)
            case "Right", "KP_Right", "Next", "KP_Next", "space": go(by: 1, in: window)
            case "q": window.stop()
            default: break
            }
        case let .wheel(notches):
            go(by: notches.signum(), in: window)
        case .pointerDown, .pointerMoved, .pointerUp:
            break
        }
    }

    /// Shows the photo `step` cards on, when there is one.
    private func go(by step: Int, in window: WaterfallWindow) {
        let next = index + step
        guard next >= 0, next < controller.items.shownCount, file(at: next) != nil else { return }
        index = next
        show(in: window, action: "show")
    }

    /// Goes back to the wall, where the photo shown is selected and scrolled into view.
    func close(in window: WaterfallWindow) {
        pictures.onLarge = nil
        pictures.wantLarge([])
        window.overlay = nil
        window.title = wallTitle
        controller.lightbox = nil
        guard let path = controller.items.path(ofIndex: index) else { return }
        log("close", file: file(at: index) ?? FilePath())
        let view = window.collectionView
        view.selectItem(at: path)
        view.scrollItemToVisible(path)
        if let scan = controller.scan { controller.applyFolderUpdates([], to: view, roots: scan.roots) }  // those that waited
    }

    func draw(in canvas: Canvas, frame: Rect) {
        canvas.fill(frame, color: Self.background)
        guard let file = file(at: index), let window = controller.window else { return }
        if let reason = pictures.largeFailure(of: file) {
            let text = canvas.truncate(reason, toWidth: frame.width - 24)
            let origin = Point(x: frame.midX - canvas.textWidth(text) / 2, y: frame.midY - canvas.lineHeight / 2 + canvas.ascent)
            canvas.drawText(text, at: origin, color: Self.textColor)
            return
        }
        let width = pictureWidth(in: window)(index)
        let aspect = aspect(at: index)
        let scale = window.scale
        if let picture = pictures.largePicture(of: file, width: width) {
            let size = Size(width: Double(width) / scale, height: (Double(width) * aspect).rounded() / scale)
            canvas.drawImage(picture, in: Rect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2,
                                               width: size.width, height: size.height))
        } else if let thumbnail = pictures.picture(of: file) {
            let size = Size(width: Double(thumbnail.width) / scale, height: Double(thumbnail.height) / scale)
            canvas.drawImage(thumbnail, in: Rect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2,
                                                 width: size.width, height: size.height))
        }
    }
}
