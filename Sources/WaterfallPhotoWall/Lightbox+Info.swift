import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// The info panel: `i` shows, over the lightbox's bottom-left corner, what the photo's EXIF says (the date taken, the
/// camera, the lens, the exposure, the GPS position), then its pixel size and file size and its full path; the lines
/// with nothing to say are left out. The EXIF is read off the window's thread (`PhotoInfos`) and the panel is drawn
/// when it arrives; it follows the photo shown, and stays until `i` again. Reports `LightboxEvent.infoToggled` on
/// each toggle, and `infoPanel` each time the panel is drawn with a photo's information: its lines, its frame (window
/// points) and the information read.
extension Lightbox {
    /// The panel's state while it is shown: what it last reported.
    struct InfoPanel {
        /// The photo and lines last reported, so that each photo's lines are reported once.
        var reported: (file: FilePath, lines: [String])?
    }

    /// The panel's colours: light text on a dark box.
    public static let infoBackground = Color(rgb: 0x26292E)
    /// The colour of the panel's text.
    public static let infoText = Color(rgb: 0xF2F4F7)
    /// The panel's distance from the viewport's edges, and the padding around its text, in points.
    static let infoMargin = 12.0, infoPadding = 8.0, infoLineGap = 3.0

    /// Whether the info panel is shown.
    public var isInfoShown: Bool { infoPanel != nil }

    /// `i`: shows the info panel, reading the photo's information when it is not read yet, or hides it.
    public func toggleInfo(in window: any PhotoWallWindow) {
        infoPanel = infoPanel == nil ? InfoPanel() : nil
        if let file = file(at: index) { report(.infoToggled(shown: isInfoShown), file: file) }
        if isInfoShown { wall.requestInfo() }
        window.setNeedsOverlayDisplay()
    }

    /// Draws the panel again when the information of the photo shown is among `files`, just read.
    func infoArrived(_ files: [FilePath]) {
        guard isInfoShown, let file = file(at: index), files.contains(file) else { return }
        wall.window?.setNeedsOverlayDisplay()
    }

    /// The panel's lines for the photo shown, whose information is `info`: those with something to say.
    func infoLines(_ info: PhotoInfo, card: PhotoCard) -> [String] {
        var size = PhotoCard.fileSize(card.fileSize)
        if let width = card.pixelWidth, let height = card.pixelHeight { size = "\(width) × \(height) pixels · " + size }
        let date = info.dateTakenComponents?.text ?? info.dateTaken
        return [date, info.camera, info.lens, info.exposureLine, info.positionText, size, card.path.string].compactMap {
            $0
        }
    }

    /// Draws the panel over the lightbox's `frame` when it is shown and the photo's information was read, and reports
    /// its lines the first time they are drawn.
    func drawInfoPanel(on canvas: Canvas, frame: Rect) {
        guard isInfoShown, let path = wall.items.path(ofIndex: index),
            let info = wall.infos?.info(of: wall.items[path].path)
        else { return }
        let card = wall.items[path]
        let maxTextWidth = max(0, frame.width - 2 * (Self.infoMargin + Self.infoPadding))
        let lines = infoLines(info, card: card).map { canvas.truncate($0, toWidth: maxTextWidth) }
        let lineHeight = canvas.lineHeight + Self.infoLineGap
        let width = (lines.map(canvas.textWidth).max() ?? 0) + 2 * Self.infoPadding
        let height = Double(lines.count) * lineHeight - Self.infoLineGap + 2 * Self.infoPadding
        let panel = Rect(
            x: (frame.minX + Self.infoMargin).rounded(.down),
            y: max(frame.minY, frame.maxY - Self.infoMargin - height).rounded(.down),
            width: width.rounded(.up), height: height.rounded(.up))
        canvas.fill(panel, color: Self.infoBackground)
        for (number, line) in lines.enumerated() {
            let baseline = panel.minY + Self.infoPadding + Double(number) * lineHeight + canvas.ascent
            canvas.drawText(line, at: Point(x: panel.minX + Self.infoPadding, y: baseline), color: Self.infoText)
        }
        guard infoPanel?.reported.map({ $0.file != card.path || $0.lines != lines }) ?? true else { return }
        infoPanel?.reported = (card.path, lines)
        report(.infoPanel(lines: lines, frame: panel, info: info), file: card.path)
    }
}
