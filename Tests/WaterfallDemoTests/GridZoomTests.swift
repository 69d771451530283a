import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The grid zoom of `waterfall`: plus and minus (and Ctrl+wheel at the pointer) make the cards larger or smaller a
/// column at a time, from one column to cards 160 points wide, keeping the focused card (or the photo under the
/// pointer) where it was; the zoom is remembered across launches. Checked on the screen's pixels: each photo is a
/// colour of its own.
@Suite(.serialized) struct GridZoomTests {
    static let count = 30

    /// Photo `index`'s colour as 0xRRGGBB, distinct from the others and from the wall's greys.
    static func rgb(_ index: Int) -> UInt32 {
        UInt32((index * 53 + 20) % 256) << 16 | UInt32((index * 97 + 40) % 256) << 8 | UInt32((index * 151 + 80) % 256)
    }

    static func colour(_ index: Int) -> RGB { RGB(rgb(index)) }

    func folder() throws -> GeneratedImages {
        let folder = try GeneratedImages()
        for index in 0..<Self.count {
            try folder.image(
                String(format: "p%02d.png", index), width: 400, height: 300,
                colour: String(format: "#%06X", Self.rgb(index)))
        }
        return folder
    }

    /// Starts `waterfall` on `folder` in a 1000 × 720 window (5 columns of about 182 points) and waits until every
    /// card in view has its thumbnail.
    func launch(
        _ folder: GeneratedImages, _ extra: [String] = [], environment: [String: String] = [:]
    ) throws -> RunningDemo {
        let demo = try RunningDemo(
            [folder.root, "--width", "1000", "--height", "720", "--no-smooth"] + extra,
            executable: "waterfall", environment: environment)
        let walked = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try waitForThumbnails(demo, after: walked.position)
        return demo
    }

    func waitForThumbnails(_ demo: RunningDemo, after: Int) throws {
        try demo.process.waitForEvent(after: after, "a frame with every thumbnail") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && $0.int("thumbnailsStale") == 0
        }
    }

    /// Waits for the `layout` event with `columns` after event `after`, then for a frame with every thumbnail, and
    /// returns the layout event.
    @discardableResult
    func waitForColumns(_ columns: Int, _ demo: RunningDemo, after: Int) throws -> Event {
        let layout = try demo.process.waitForEvent(after: after, "the layout in \(columns) columns") {
            $0.name == "layout" && $0.int("columns") == columns
        }
        try waitForThumbnails(demo, after: layout.position)
        return layout.event
    }

    /// Quits with q and returns the `exit` event's scroll offset and cards.
    func quit(_ demo: RunningDemo) throws -> (offset: Double, cards: [LaidOutItem]) {
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let exit = try #require(demo.process.events.last { $0.name == "exit" })
        let cards = (exit.fields["elements"] as? [[String: Any]] ?? []).map(LaidOutItem.init(fields:)).filter {
            $0.kind == "cell"
        }
        return (exit.double("offset") ?? .nan, cards)
    }

    /// The centre of card `card`'s picture (its top 3/4: the photos are 4:3), on the screen at scroll `offset`.
    func pictureCentre(_ card: LaidOutItem, offset: Double) -> (x: Int, y: Int) {
        (Int(card.midX), Int(card.y - offset + card.width * 0.75 / 2))
    }

    @Test func plusAndMinusChangeTheColumnsAColumnAtATimeKeepingTheFocusedCardInPlace() throws {
        let photos = try folder()
        let demo = try launch(photos)
        #expect(demo.ready.int("columns") == 5)
        let cards = try runLayoutCommand([
            "--photos", photos.root, "--width", String(Int(demo.cardsWidth)),
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        // Card 12, in the middle of the screen: clicked, it is focused.
        let card = cards[12]
        let centre = pictureCentre(card, offset: 0)
        try demo.click(x: card.midX, y: card.midY)
        try demo.process.waitForEvent("the selection") { $0.name == "select" && $0.int("index") == 12 }
        let first = try demo.screenshot()
        #expect(
            first.pixel(x: centre.x, y: centre.y) == Self.colour(12),
            "\(String(describing: first.pixel(x: centre.x, y: centre.y))) at \(centre) \(card)")

        // The next step's columns are laid out ahead (6 columns would be narrower than 160 points), and the step
        // takes them: its frames are checked against the `layout` command's below.
        try demo.process.waitForEvent("the columns laid out ahead") {
            $0.name == "columnsAhead" && $0.ints("columns") == [4]
        }
        var mark = demo.eventCount
        try demo.key("plus")
        let four = try waitForColumns(4, demo, after: mark)
        #expect(four.double("columnWidth").map { $0 > 182 } == true)
        #expect(four.int("ahead") == 1)
        // What a person sees: the focused photo, in its new column, has its centre at the same height (to the
        // pixel the offset is rounded to), drawn in its colour.
        let fourCards = try runLayoutCommand([
            "--photos", photos.root, "--columns", "4", "--width", String(Int(demo.cardsWidth)),
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        let fourOffset = try #require(demo.process.events.last { $0.name == "scroll" }?.double("offset"))
        #expect(abs(fourCards[12].midY - fourOffset - card.midY) <= 1, "\(fourCards[12]) at \(fourOffset), was \(card)")
        let moved = pictureCentre(fourCards[12], offset: fourOffset)
        #expect(try demo.screenshot().pixel(x: moved.x, y: moved.y) == Self.colour(12))
        try demo.process.waitForEvent(after: mark, "the columns laid out ahead of 4") {
            $0.name == "columnsAhead" && $0.ints("columns") == [3, 5]
        }
        mark = demo.eventCount
        try demo.key("minus")
        #expect(try waitForColumns(5, demo, after: mark).int("ahead") == 1)
        #expect(try demo.screenshot().pixel(x: centre.x, y: centre.y) == Self.colour(12))

        // Cards of 160 points at the least: 6 columns would be narrower, so minus changes nothing; then plus (the
        // keypad's, and with Ctrl too) goes down to one column, and no further.
        mark = demo.eventCount
        try demo.key("minus")
        for (key, columns) in [("KP_Add", 4), ("ctrl+plus", 3), ("plus", 2), ("plus", 1)] {
            try demo.key(key)
            try waitForColumns(columns, demo, after: mark)
        }
        let atOne = demo.eventCount
        try demo.key("plus")
        try demo.key("minus")
        let two = try waitForColumns(2, demo, after: atOne)
        let layouts = demo.process.events.dropFirst(mark).filter { $0.name == "layout" }.map { $0.int("columns") ?? -1 }
        #expect(layouts == [4, 3, 2, 1, 2], "\(layouts)")
        let keys = demo.process.events.dropFirst(mark).filter { $0.name == "key" }.map { $0.string("action") ?? "-" }
        #expect(
            keys == [
                "grid-zoom-out", "grid-zoom-in", "grid-zoom-in", "grid-zoom-in", "grid-zoom-in", "grid-zoom-in",
                "grid-zoom-out",
            ])
        #expect(two.double("columnWidth").map { $0 >= 160 } == true)
        // The focused card stayed at its height through all of it.
        let (offset, after) = try quit(demo)
        let last = try #require(after.first { $0.index == 12 })
        #expect(abs(last.midY - offset - card.midY) <= 1, "\(last) at \(offset), was \(card)")
        demo.expectNoXErrors()
    }

    @Test func ctrlWheelZoomsAtThePointerKeepingThePhotoUnderIt() throws {
        let photos = try folder()
        let demo = try launch(photos)
        // Scrolled down 3 notches (no glide: --no-smooth), the pointer on card 17, 30 % down its height.
        var mark = demo.eventCount
        try demo.wheel(notches: 3)
        let offset = 3 * demo.wheelStep
        let scrolled = try demo.process.waitForEvent(after: mark, "the scroll of three notches") {
            $0.name == "scroll" && $0.double("offset") == offset
        }
        try waitForThumbnails(demo, after: scrolled.position)
        let cards = try runLayoutCommand([
            "--photos", photos.root, "--width", String(Int(demo.cardsWidth)),
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        let card = cards[17]
        let pointer = (x: Int(card.midX), y: Int((card.y - offset + card.height * 0.3).rounded()))
        let fraction = (Double(pointer.y) - (card.y - offset)) / card.height
        try demo.movePointer(x: Double(pointer.x), y: Double(pointer.y))
        #expect(try demo.screenshot().pixel(x: pointer.x, y: pointer.y) == Self.colour(17))

        // Two notches up, the pointer still: each step keeps the point of photo 17 at the pointer's height (to the
        // pixel the offset is rounded to), wherever its column goes, and the screen shows it there.
        mark = demo.eventCount
        for columns in [4, 3] {
            let step = demo.eventCount
            try xdotool(["keydown", "Control_L", "click", "4", "keyup", "Control_L"], display: demo.xvfb.display)
            try waitForColumns(columns, demo, after: step)
            let zoomed = try runLayoutCommand([
                "--photos", photos.root, "--columns", String(columns), "--width", String(Int(demo.cardsWidth)),
                "--height", String(Int(demo.viewportHeight)),
            ]).items[17]
            let zoomedOffset = try #require(demo.process.events.last { $0.name == "scroll" }?.double("offset"))
            let newFraction = (Double(pointer.y) - (zoomed.y - zoomedOffset)) / zoomed.height
            #expect(
                abs(newFraction - fraction) * zoomed.height <= 1, "\(columns) columns: \(fraction) → \(newFraction)")
            #expect(try demo.screenshot().pixel(x: Int(zoomed.midX), y: pointer.y) == Self.colour(17))
        }
        // No scroll input on the way: a Ctrl+wheel notch zooms only.
        #expect(
            demo.process.events.dropFirst(mark).filter { $0.name == "input" && $0.string("kind") == "wheel" }.isEmpty)
        _ = try quit(demo)
        demo.expectNoXErrors()
    }

    @Test func theZoomIsRememberedUntilTheOptionsOrTheConfigSayOtherwise() throws {
        let photos = try folder()
        let home = try GeneratedImages()  // a scratch folder for the config and the state
        let environment = ["XDG_STATE_HOME": home.path("state"), "XDG_CONFIG_HOME": home.path("config")]
        var demo = try launch(photos, environment: environment)
        let mark = demo.eventCount
        try demo.key("plus")
        let zoomed = try waitForColumns(4, demo, after: mark)
        let width = try #require(zoomed.double("columnWidth"))
        _ = try quit(demo)
        let state = try String(contentsOfFile: home.path("state") + "/waterfall/state.toml", encoding: .utf8)
        let remembered = state.split(separator: "\n").first { $0.hasPrefix("card-width = ") }.flatMap {
            Double($0.dropFirst(13))
        }
        #expect(remembered.map { abs($0 - width) < 1e-9 } == true, "\(state)")

        demo = try launch(photos, environment: environment)
        #expect(demo.ready.int("columns") == 4)
        #expect(demo.ready.double("columnWidth") == width)
        _ = try quit(demo)
        // An option wins over the remembered zoom.
        demo = try launch(photos, ["--columns", "5"], environment: environment)
        #expect(demo.ready.int("columns") == 5)
        _ = try quit(demo)
        // A card width set in the config after the zoom was remembered wins too: 400 points give 2 columns.
        try FileManager.default.createDirectory(
            atPath: home.path("config") + "/waterfall", withIntermediateDirectories: true)
        try Data("[wall]\ncard-width = 400\n".utf8).write(
            to: URL(fileURLWithPath: home.path("config") + "/waterfall/config.toml"))
        demo = try launch(photos, environment: environment)
        #expect(demo.ready.int("columns") == 2)
        #expect(demo.process.standardError.isEmpty, "\(demo.process.standardError)")
        _ = try quit(demo)
    }
}
