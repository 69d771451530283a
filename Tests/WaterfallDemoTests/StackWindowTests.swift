import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// Stacks under Xvfb: a burst of three photos (one camera, a second apart) is one card whose picture carries the
/// count in white on a dark box at its top-right corner; `g` opens it, each photo then a card with its place ("1/3")
/// in white on blue; a photo alone has no badge. (The stacking, the keys and the marks in-process: WallStackTests.)
@Suite(.serialized)
struct StackWindowTests {
    /// The closed badge's box, the open one's, and their text (StackBadge's colours).
    static let closedBox = RGB(0x202124)
    static let openBox = RGB(0x1565C0)
    static let white = RGB(0xFFFFFF)

    /// a1.jpg to a3.jpg, a burst of camera X at 12:00:00, :01 and :02, and z.jpg alone, each 48 × 36 of a light colour.
    static func burst() throws -> GeneratedImages {
        let folder = try GeneratedImages()
        for (index, colour) in ["#E0C040", "#D0C050", "#C0C060", "#80D0A0"].enumerated() {
            try folder.convert(["-size", "48x36", "xc:\(colour)", index < 3 ? "a\(index + 1).jpg" : "z.jpg"])
        }
        for index in 0..<3 {
            try TestTool.run([
                "exiftool", "-q", "-overwrite_original", "-Model=X", "-DateTimeOriginal=2024:05:01 12:00:0\(index)",
                folder.path("a\(index + 1).jpg"),
            ])
        }
        return folder
    }

    /// The box at the top-right corner of the picture of `card` (content coordinates) in a screenshot whose viewport
    /// starts at `origin`: where a badge is drawn.
    static func corner(of card: LaidOutItem, origin: (x: Double, y: Double)) -> (xs: Range<Int>, ys: Range<Int>) {
        let right = Int(origin.x + card.x + card.width)
        let top = Int(origin.y + card.y)
        return (right - 70..<right - 4, top + 4..<top + 30)
    }

    /// The pixels of `shot` near `colour` in `box`.
    static func count(_ colour: RGB, in shot: Screenshot, _ box: (xs: Range<Int>, ys: Range<Int>)) -> Int {
        var count = 0
        for y in box.ys {
            for x in box.xs {
                guard let pixel = shot.pixel(x: x, y: y) else { continue }
                let near =
                    abs(Int(pixel.red) - Int(colour.red)) <= 12 && abs(Int(pixel.green) - Int(colour.green)) <= 12
                    && abs(Int(pixel.blue) - Int(colour.blue)) <= 12
                if near { count += 1 }
            }
        }
        return count
    }

    @Test func aClosedStackShowsItsCountAndAnOpenOneEachPhotosPlace() throws {
        // Closed: one card of the burst with its count, and z.jpg without a badge.
        let closed = try TimelineWall([], in: Self.burst())
        let closedShot = try closed.syncAndShoot()
        try closedShot.savePNG(
            window: closed.demo.window, display: closed.demo.xvfb.display, to: artifactPath("stack-closed.png"))
        let closedOrigin = (
            x: closed.demo.ready.double("viewport", "x") ?? 0, y: closed.demo.ready.double("viewport", "y") ?? 0
        )
        let closedExit = try closed.quit()
        #expect(TimelineWall.names(in: closedExit) == [["a1.jpg", "z.jpg"]])
        let closedCards = TimelineWall.elements(of: closedExit).filter { $0.kind == "cell" }.sorted {
            $0.index < $1.index
        }
        let stack = Self.corner(of: closedCards[0], origin: closedOrigin)
        #expect(Self.count(Self.closedBox, in: closedShot, stack) > 200, "the stack's badge")
        let count = closedShot.textInk(xs: stack.xs, ys: stack.ys, ink: Self.white, background: Self.closedBox)
        #expect(count.isText(minimumSolid: 8), "the count and the sheets: \(count)")
        let alone = Self.corner(of: closedCards[1], origin: closedOrigin)
        #expect(
            Self.count(Self.closedBox, in: closedShot, alone) == 0
                && Self.count(Self.openBox, in: closedShot, alone) == 0)
        closed.demo.expectNoXErrors()

        // Open (Tab focuses the stack, g opens it): three cards, each with its place in white on blue.
        let open = try TimelineWall([], in: Self.burst())
        try open.demo.key("Tab")
        let opened = try open.press("g", until: "stack")
        #expect(opened.event.fields["open"] as? Bool == true && opened.event.int("items") == 4)
        let openShot = try open.syncAndShoot()
        try openShot.savePNG(
            window: open.demo.window, display: open.demo.xvfb.display, to: artifactPath("stack-open.png"))
        let openOrigin = (
            x: open.demo.ready.double("viewport", "x") ?? 0, y: open.demo.ready.double("viewport", "y") ?? 0
        )
        let openExit = try open.quit()
        #expect(TimelineWall.names(in: openExit) == [["a1.jpg", "a2.jpg", "a3.jpg", "z.jpg"]])
        let openCards = TimelineWall.elements(of: openExit).filter { $0.kind == "cell" }.sorted { $0.index < $1.index }
        for card in openCards.prefix(3) {
            let corner = Self.corner(of: card, origin: openOrigin)
            #expect(Self.count(Self.openBox, in: openShot, corner) > 150, "card \(card.index)'s place")
            let place = openShot.textInk(xs: corner.xs, ys: corner.ys, ink: Self.white, background: Self.openBox)
            #expect(place.isText(), "card \(card.index)'s \"n/3\": \(place)")
            #expect(Self.count(Self.closedBox, in: openShot, corner) == 0)
        }
        #expect(Self.count(Self.openBox, in: openShot, Self.corner(of: openCards[3], origin: openOrigin)) == 0)
        open.demo.expectNoXErrors()
    }
}
