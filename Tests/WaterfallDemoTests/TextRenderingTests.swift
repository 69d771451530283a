import Foundation
import Testing
import XvfbSupport

/// Text in any script through Xft: Chinese, Japanese, Korean, accented Latin and emoji draw their own glyphs, not
/// the "?" the core font `fixed` drew for every character outside Latin-1, antialiased, and a title too wide for its
/// card ends in "…" inside it.
@Suite(.serialized)
struct TextRenderingTests {
    static let titles = [
        "瀑布流 Waterfall", "東京の夜", "Café au lait — crème brûlée", "😀 emoji card",
        "A very long title that cannot fit in the width of its card at all",
    ]
    static let white = RGB(0xFFFFFF)
    static let ink = RGB(0x1F2328)

    /// A catalog of one section, a card per title, each of aspect 1 in its own colour.
    static func catalog(titles: [String]) throws -> String {
        let colours = ["#4A90D9", "#D94A6B", "#E8C468", "#6BD94A", "#9B59B6"]
        let items = zip(titles, colours).map { title, colour in
            ["title": title, "subtitle": "subtitle", "color": colour, "aspect": 1.0, "category": "World"]
                as [String: Any]
        }
        let path =
            NSTemporaryDirectory()
            + "waterfall-text-\(getpid())-\(titles.count)-\(titles[0].unicodeScalars.first?.value ?? 0).json"
        try JSONSerialization.data(withJSONObject: items).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What the core font drew: every character outside Latin-1 as "?".
    static func asTheCoreFontDrewIt(_ title: String) -> String {
        String(String.UnicodeScalarView(title.unicodeScalars.map { $0.value < 256 ? $0 : "?" }))
    }

    /// The band of a card's title line: the caption's first line inside the padding (from the layout's frame and the
    /// picture's height, aspect 1 × the column width).
    static func titleBand(of card: LaidOutItem, columnWidth: Double) -> (xs: Range<Int>, ys: Range<Int>) {
        let captionTop = card.y + columnWidth.rounded()
        // two lines, a 2 pt gap, 6 pt padding each side
        let lineHeight = (card.height - columnWidth.rounded() - 14) / 2
        return (Int(card.x)..<Int(card.x + card.width), Int(captionTop + 6)..<Int(captionTop + 6 + lineHeight))
    }

    @Test func everyScriptDrawsItsOwnAntialiasedGlyphsAndALongTitleEndsInsideItsCard() throws {
        let options = ["--width", "1200", "--height", "420", "--columns", "5"]
        let world = try Self.catalog(titles: Self.titles)
        let questionMarks = try Self.catalog(titles: Self.titles.map(Self.asTheCoreFontDrewIt))
        defer { for path in [world, questionMarks] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(
            Self.titles.map(Self.asTheCoreFontDrewIt).prefix(4) == [
                "??? Waterfall", "????", "Café au lait ? crème brûlée", "? emoji card",
            ])

        let shown = try RunningDemo(["--catalog", world] + options)
        let shot = try shown.screenshot()
        try? shot.savePNG(window: shown.window, display: shown.xvfb.display, to: artifactPath("world-text.png"))
        let marked = try RunningDemo(["--catalog", questionMarks] + options)
        let markedShot = try marked.screenshot()
        let layout = try runLayoutCommand([
            "--catalog", world, "--width", String(Int(shown.cardsWidth)), "--height", "400", "--columns", "5",
        ])
        let columnWidth = try #require(layout.summary.double("columnWidth"))
        #expect(layout.items.count == 5)

        for card in layout.items {
            let band = Self.titleBand(of: card, columnWidth: columnWidth)
            var differing = 0
            var inkOutsideCard = 0
            var shades = Set<RGB>()
            for y in band.ys {
                // The card, and 8 px of the 12 px spacing on each side (the wall's background), inside the cards' area.
                for x in max(0, band.xs.lowerBound - 8)..<min(Int(shown.cardsWidth), band.xs.upperBound + 8) {
                    let pixel = shot.pixel(x: x, y: y)
                    if band.xs.contains(x) {
                        if pixel != markedShot.pixel(x: x, y: y) { differing += 1 }
                        if let pixel, pixel != Self.white { shades.insert(pixel) }
                    } else if let pixel, pixel != Self.white, pixel != RGB(0xECEFF3) {
                        // a title's pixel beyond its card's edges (the background there is the wall's)
                        inkOutsideCard += 1
                    }
                }
            }
            let title = Self.titles[card.index]
            if card.index < 4 {
                #expect(differing > 40, "'\(title)' draws as its '?' version: \(differing) pixels differ")
            } else {
                #expect(differing == 0, "the ASCII title draws alike in both: \(differing) pixels differ")
            }
            // Antialiased: between the ink and the caption's white, more than two levels of grey (or colour).
            #expect(shades.subtracting([Self.ink]).count > 2, "'\(title)' has \(shades.count) shades")
            #expect(inkOutsideCard == 0, "'\(title)' spills \(inkOutsideCard) pixels past its card")
        }
        // The long title stops short of its card's right padding, ending in the ellipsis's dots.
        let long = try #require(layout.items.last)
        let band = Self.titleBand(of: long, columnWidth: columnWidth)
        let inked = band.xs.filter { x in band.ys.contains { shot.pixel(x: x, y: $0) != Self.white } }
        let rightmost = try #require(inked.last)
        #expect(
            rightmost < Int(long.x + long.width) - 4,
            "the title's last ink at x \(rightmost), the card ends at \(long.x + long.width)")
        #expect(rightmost > Int(long.x + long.width) - 40, "a title cut far too short: its last ink at x \(rightmost)")
        shown.expectNoXErrors()
        marked.expectNoXErrors()
    }
}
