import Foundation
import Testing
import XvfbSupport

/// Where the demo's window shows text, and the check that each of those places has it: every caption band of a card
/// wholly in view, every header and footer in view, and the status bar, each with antialiased ink of its text's
/// colour in a screenshot. The places come from the `layout` subcommand, not from the window's own log.
struct ScreenText {
    static let caption = RGB(0xFFFFFF)
    static let title = RGB(0x1F2328)
    static let subtitle = RGB(0x5F6873)
    static let wall = RGB(0xECEFF3)
    static let statusBar = RGB(0x2B2F36)
    static let statusText = RGB(0xE8EAED)

    /// The window's geometry in points, as its last `layout` event gave it, and its scale.
    var cardsWidth: Double
    var viewportHeight: Double
    var scale: Double
    /// The arguments of `layout` that pick the same cards (`--photos DIR`, `--columns N`...), before the geometry.
    var layoutArguments: [String]

    /// The geometry of `demo`'s window from its last `layout` event (or its `ready` event before any).
    init(_ demo: RunningDemo, layoutArguments: [String] = []) {
        let last = demo.process.events.last { $0.name == "layout" || $0.name == "ready" } ?? demo.ready
        cardsWidth = last.double("viewport", "width") ?? 0
        viewportHeight = last.double("viewport", "height") ?? 0
        scale = demo.ready.double("scale") ?? 1
        self.layoutArguments = layoutArguments
    }

    /// A point coordinate as a pixel index.
    func pixel(_ points: Double) -> Int { Int((points * scale).rounded(.down)) }

    /// The cards, headers and footers laid out at this geometry.
    func elements() throws -> [LaidOutItem] {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return try runLayoutCommand(
            layoutArguments + ["--width", number(cardsWidth), "--height", number(viewportHeight)]
        ).elements
    }

    /// Checks `shot`, taken at scroll `offset` in state `state`: every caption, header and footer wholly in view and
    /// the status bar have text. Returns the cards wholly in view, whose captions were checked.
    @discardableResult
    func expectText(
        in shot: Screenshot, offset: Double = 0, state: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [LaidOutItem] {
        let inView = try elements().filter { $0.y >= offset && $0.y + $0.height <= offset + viewportHeight }
        let cards = inView.filter { $0.kind == "cell" || $0.kind == "banner" }
        #expect(!cards.isEmpty, "\(state): no card wholly in view", sourceLocation: sourceLocation)
        for card in cards {
            let band = captionBand(of: card, offset: offset, in: shot)
            let ink = shot.textInk(
                xs: pixel(card.x)..<pixel(card.x + card.width), ys: band, ink: Self.title, background: Self.caption)
            #expect(
                band.count >= pixel(20) && ink.isText(),
                "\(state): card \(card.index)'s caption (rows \(band)) has \(ink)",
                sourceLocation: sourceLocation)
        }
        for bar in inView where bar.kind == "header" || bar.kind == "footer" {
            let ink = shot.textInk(
                xs: pixel(bar.x)..<pixel(bar.x + bar.width),
                ys: pixel(bar.y - offset)..<pixel(bar.y - offset + bar.height), ink: Self.subtitle,
                background: Self.wall)
            #expect(
                ink.isText(), "\(state): the \(bar.kind) of section \(bar.section) has \(ink)",
                sourceLocation: sourceLocation)
        }
        expectStatusBarText(in: shot, state: state, sourceLocation: sourceLocation)
        return cards
    }

    /// Checks that the status bar, below the viewport, has text, and nothing else: no caption of a card cut by the
    /// viewport's edge spills onto it (the clip, which text keeps through a new picture, holds).
    func expectStatusBarText(in shot: Screenshot, state: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let top = pixel(viewportHeight)
        #expect(
            shot.pixel(x: 0, y: top) == Self.statusBar, "\(state): no status bar at row \(top)",
            sourceLocation: sourceLocation)
        let ink = shot.textInk(
            xs: 0..<shot.width, ys: top..<shot.height, ink: Self.statusText, background: Self.statusBar)
        #expect(
            ink.isText(minimumSolid: 40) && ink.other == 0, "\(state): the status bar has \(ink)",
            sourceLocation: sourceLocation)
    }

    /// The rows of `card`'s caption in `shot`: up from 4 points above the card's bottom (inside a selected card's
    /// border) while its left padding, 5 points in, is the caption's white (the border is 4 points, the text starts 6 in).
    func captionBand(of card: LaidOutItem, offset: Double, in shot: Screenshot) -> Range<Int> {
        let x = pixel(card.x + 5)
        let bottom = pixel(card.y + card.height - 4 - offset)
        var top = bottom
        while top > pixel(card.y - offset), shot.pixel(x: x, y: top - 1) == Self.caption { top -= 1 }
        return top..<bottom
    }

    /// The pixel in the middle of `card`'s picture (above its caption) in `shot`.
    func pictureCentre(of card: LaidOutItem, offset: Double, in shot: Screenshot) -> RGB? {
        let band = captionBand(of: card, offset: offset, in: shot)
        return shot.pixel(x: pixel(card.midX), y: (pixel(card.y - offset) + band.lowerBound) / 2)
    }
}

extension RunningDemo {
    /// Resizes the window to `width` × `height` pixels and waits for the frame that follows the `layout` event of
    /// that size (and, with `settled`, for the frame after it whose pictures are all drawn). Returns its position.
    @discardableResult
    func resizeAndWait(width: Int, height: Int, settled: Bool = false) throws -> Int {
        let before = eventCount
        let scale = ready.double("scale") ?? 1
        try resize(width: width, height: height)
        let layout = try process.waitForEvent(after: before, "the layout at \(width) × \(height)") {
            $0.name == "layout" && $0.viewWidth.map { $0 * scale } == Double(width)
                && $0.double("viewport", "height").map { ($0 + 20) * scale } == Double(height)
        }
        // The pictures are decoded by niced threads: on a loaded machine they wait longer (the limit bounds a hang).
        return try process.waitForEvent(after: layout.position, limit: settled ? 60 : 20, "the frame after it") {
            $0.name == "frame" && (!settled || $0.int("thumbnailsPending") == 0)
        }.position
    }

    /// Exposes the window (`xrefresh` maps a window over the screen and takes it away: the server loses what the window
    /// showed and asks for it again) and waits for the frame that redraws it. Returns its position.
    @discardableResult
    func exposeAndWait() throws -> Int {
        let before = eventCount
        _ = try runTool("xrefresh", [], display: xvfb.display)
        return try process.waitForEvent(after: before, "the frame after an expose") { $0.name == "frame" }.position
    }
}
