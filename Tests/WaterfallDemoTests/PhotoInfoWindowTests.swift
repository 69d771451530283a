import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The photo info: `i` shows a panel of the photo's EXIF over the lightbox's bottom-left corner, drawn when the
/// information is read, following the photo shown, gone with `i` again; `--info-captions` gives each card a third
/// caption line with its exposure.
@Suite(.serialized)
struct PhotoInfoWindowTests {
    let images: GeneratedImages
    var photos: String { images.path("photos") }

    init() throws {
        images = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // Tall photos, fitted 300 × 600 from x 250 to 550 in the 800 × 600 viewport: the panel's corner is the
        // background's, clear of them. The first has a camera's EXIF, the second none.
        try images.convert(["-size", "400x800", "xc:#10A040", "photos/a.jpg"])
        try images.exiftool("photos/a.jpg", GeneratedImages.cameraTags)
        try images.convert(["-size", "400x800", "xc:#2040C0", "photos/b.jpg"])
    }

    static let panelBackground = RGB(0x26292E)
    static let panelText = RGB(0xF2F4F7)

    /// The wall at 800 × 620 in `columns` columns, both pictures drawn.
    func launch(columns: Int = 2, _ extra: [String] = []) throws -> (demo: RunningDemo, drawn: Int) {
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", "620", "--columns", String(columns)] + extra, executable: "waterfall"
        )
        let last = try demo.process.waitForEvent("two pictures") { _ in
            demo.process.events.filter { $0.name == "thumbnail" }.count == 2
        }
        let drawn = try demo.process.waitForEvent(after: last.position, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        return (demo, drawn.position)
    }

    /// The `lightbox` `info` event of card `index` that says `shown`, with `lines` when `read`, and the frame after it.
    func waitForInfo(_ demo: RunningDemo, index: Int, shown: Bool, read: Bool, after: Int) throws -> Event {
        let logged = try demo.process.waitForEvent(after: after, "lightbox info of card \(index)") {
            $0.name == "lightbox" && $0.string("action") == "info" && $0.int("index") == index
                && ($0["shown"] as? Bool) == shown && ($0["lines"] != nil) == read
        }
        _ = try demo.process.waitForEvent(after: logged.position, "the frame after it") { $0.name == "frame" }
        return logged.event
    }

    @Test func iShowsThePhotosInfoFollowsThePhotoAndHidesAgain() throws {
        let (demo, drawn) = try launch()
        let cards = try cardFrames(of: demo, ["--columns", "2"])
        try demo.movePointer(x: cards[0].midX, y: cards[0].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        try demo.waitForLightbox("picture", index: 0, after: drawn)
        var shot = try demo.screenshot()
        #expect(shot.textInk(xs: 0..<250, ys: 0..<600, ink: Self.panelText, background: RGB(0x101113)).solid == 0)

        var before = demo.eventCount
        try demo.key("i")
        _ = try waitForInfo(demo, index: 0, shown: true, read: false, after: before)
        let info = try waitForInfo(demo, index: 0, shown: true, read: true, after: before)
        let size = try FileManager.default.attributesOfItem(atPath: images.path("photos/a.jpg"))[.size] as? Int ?? 0
        let sizeText =
            size < 10_000 ? "\((Double(size) / 100).rounded() / 10) KB" : "\(Int((Double(size) / 1000).rounded())) KB"
        #expect(
            info["lines"] as? [String] == [
                "2024-05-01 12:30:45", "Canon EOS 5D", "EF50mm f/1.8 II",
                "1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in 35 mm)",
                "48.858370° N, 2.294481° E, 35 m", "400 × 800 pixels · " + sizeText,
                images.path("photos/a.jpg"),
            ])
        #expect(info.string("camera") == "Canon EOS 5D" && info.string("date") == "2024:05:01 12:30:45")
        let panel = try #require(panelBox(info))
        #expect(panel.xs.lowerBound == 12 && panel.ys.upperBound == 600 - 12)
        shot = try demo.screenshot()
        // Seven lines of text in the panel, over its dark box; none of the panel's ink anywhere else.
        let ink = shot.textInk(xs: panel.xs, ys: panel.ys, ink: Self.panelText, background: Self.panelBackground)
        #expect(ink.isText(minimumSolid: 7 * 40) && ink.other == 0, "\(ink)")
        #expect(shot.pixel(x: panel.xs.lowerBound + 1, y: panel.ys.lowerBound + 1) == Self.panelBackground)
        #expect(inkOutside(panel, in: shot) == 0)
        let photo = try #require(shot.pixel(x: 400, y: 100))  // the photo, above the panel (a JPEG: within a shade)
        #expect(
            abs(Int(photo.green) - 0xA0) <= 2 && abs(Int(photo.red) - 0x10) <= 2 && abs(Int(photo.blue) - 0x40) <= 2)

        // The next photo has no EXIF: only its size and path.
        before = demo.eventCount
        try demo.key("Right")
        let next = try waitForInfo(demo, index: 1, shown: true, read: true, after: before)
        let nextSize = try FileManager.default.attributesOfItem(atPath: images.path("photos/b.jpg"))[.size] as? Int ?? 0
        #expect((next["lines"] as? [String])?.count == 2)
        #expect((next["lines"] as? [String])?.first?.hasPrefix("400 × 800 pixels · ") == true && nextSize > 0)
        #expect((next["lines"] as? [String])?.last == images.path("photos/b.jpg"))
        let nextPanel = try #require(panelBox(next))
        shot = try demo.screenshot()
        #expect(
            shot.textInk(xs: nextPanel.xs, ys: nextPanel.ys, ink: Self.panelText, background: Self.panelBackground)
                .isText(minimumSolid: 2 * 40))
        #expect(inkOutside(nextPanel, in: shot) == 0)
        // the taller panel is gone
        #expect(shot.pixel(x: nextPanel.xs.lowerBound + 1, y: panel.ys.lowerBound + 1) == RGB(0x101113))

        before = demo.eventCount
        try demo.key("i")
        _ = try waitForInfo(demo, index: 1, shown: false, read: false, after: before)
        shot = try demo.screenshot()
        #expect(shot.textInk(xs: 0..<250, ys: 0..<600, ink: Self.panelText, background: RGB(0x101113)).solid == 0)
        #expect(shot.pixel(x: nextPanel.xs.lowerBound + 1, y: nextPanel.ys.lowerBound + 1) == RGB(0x101113))
        demo.expectNoXErrors()
    }

    @Test func infoCaptionsGiveEachCardAThirdLine() throws {
        // 4 columns: the cards' captions are in the 600 px viewport.
        let plain = try launch(columns: 4)
        let plainCards = try cardFrames(of: plain.demo, ["--columns", "4"])
        let (demo, _) = try launch(columns: 4, ["--info-captions"])
        let cards = try cardFrames(of: demo, ["--columns", "4", "--info-captions"])
        #expect(cards.allSatisfy { $0.y + $0.height <= 600 })
        // A line of the caption font and the gap before it, in every card's height from the start: the plain caption
        // is two lines, a gap of 2 and padding of 6 above and below.
        let lineHeight = (plainCards[0].height - (plainCards[0].width * 2).rounded() - 2 - 12) / 2
        #expect(lineHeight >= 10)
        #expect(cards.map(\.height) == plainCards.map { $0.height + lineHeight + 2 })
        let first = try demo.process.waitForEvent("card 0's info line") { $0.name == "info" && $0.int("index") == 0 }
        #expect(first.event.string("line") == "1/250 s · f/2.8 · ISO 400")
        let second = try demo.process.waitForEvent("card 1's info line") { $0.name == "info" && $0.int("index") == 1 }
        #expect(second.event.string("line") == "")  // no EXIF: no summary
        _ = try demo.process.waitForEvent(after: max(first.position, second.position), "the frame after them") {
            $0.name == "frame"
        }
        let shot = try demo.screenshot()
        let line = Int(lineHeight)
        #expect(
            captionLineInk(of: cards[0], line: 3, height: line, in: shot).isText(),
            "\(captionLineInk(of: cards[0], line: 3, height: line, in: shot))")
        #expect(captionLineInk(of: cards[1], line: 3, height: line, in: shot).solid == 0)
        // The second line (the size) is above it, on both.
        #expect(captionLineInk(of: cards[1], line: 2, height: line, in: shot).isText())
        demo.expectNoXErrors()
    }

    /// The cards' frames, by index, as `waterfall --print-layout` gives them for the window's `extra` arguments.
    func cardFrames(of demo: RunningDemo, _ extra: [String]) throws -> [LaidOutItem] {
        let process = try DemoProcess(
            executable: "waterfall",
            arguments: [photos] + extra
                + [
                    "--print-layout", "--width", String(Int(demo.cardsWidth)), "--height",
                    String(Int(demo.viewportHeight)),
                ],
            display: nil)
        guard try process.waitForExit() == 0 else {
            throw X11TestError("--print-layout failed: \(process.standardError)")
        }
        return process.events.dropLast().map { LaidOutItem(fields: $0.fields) }.filter { $0.kind == "cell" }.sorted {
            $0.index < $1.index
        }
    }

    /// The subtitle colour's ink in a card's caption line `line` (2 or 3) of a three-line caption of lines `height`
    /// points tall: counted from the padding at its bottom.
    func captionLineInk(of card: LaidOutItem, line: Int, height: Int, in shot: Screenshot) -> TextInk {
        let top = Int(card.y + card.height) - 6 - (4 - line) * height - (3 - line) * 2
        return shot.textInk(
            xs: Int(card.x)..<Int(card.x + card.width), ys: top..<(top + height), ink: RGB(0x5F6873),
            background: RGB(0xFFFFFF))
    }

    /// The panel's box from an `info` event.
    func panelBox(_ event: Event) -> (xs: Range<Int>, ys: Range<Int>)? {
        guard let x = event.int("panel", "x"), let y = event.int("panel", "y"), let width = event.int("panel", "width"),
            let height = event.int("panel", "height")
        else { return nil }
        return (x..<(x + width), y..<(y + height))
    }

    /// The pixels of the panel's text colour outside `panel`, in the lightbox's 800 × 600 viewport.
    func inkOutside(_ panel: (xs: Range<Int>, ys: Range<Int>), in shot: Screenshot) -> Int {
        var count = 0
        for y in 0..<600 {
            for x in 0..<800
            where !(panel.xs.contains(x) && panel.ys.contains(y)) && shot.pixel(x: x, y: y) == Self.panelText {
                count += 1
            }
        }
        return count
    }
}
