import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// One photo of a `TimelineWall`: a picture of one colour, the date taken its EXIF says (DateTimeOriginal, as
/// exiftool writes "2024:03:20 10:00:00"), else the modification time `touch -d` gives it, and the rating of its XMP
/// sidecar (-1: rejected), if any.
struct TimelinePhoto {
    var name: String
    var color: String
    var taken: String? = nil
    var modified: String? = nil
    var rating: Int? = nil
}

/// `waterfall` (800 × 620, 3 columns, a home of its own) on a folder of small photos whose dates taken and ratings the
/// test sets with exiftool and touch, once the walk has ended and every picture in view is drawn; what the wall then
/// shows, and what a person sees of it.
final class TimelineWall {
    let folder: GeneratedImages
    let home: GeneratedImages
    let demo: RunningDemo
    /// The position of the walk's last `scanned` event: the wall's first arrangement of every photo follows it.
    let walked: Int

    /// The wall's colours the tests look for: its background, the headers' titles, the filter bar's background and text.
    static let background = RGB(0xECEFF3)
    static let title = RGB(0x1F2328)
    static let filterBar = RGB(0xFFFFFF)
    /// The scroll bar's thumb while dragged, and the scrubber label's box and text (the view's defaults).
    static let draggedThumb = RGB(0x69727D)
    static let labelBox = RGB(0x303338)
    static let labelText = RGB(0xF1F3F4)

    /// Makes `photos` (48 × 36 pixels, or `folder`'s own when given), starts the wall on them with `arguments` added and
    /// `environment`'s variables, and waits until the walk has ended and every card in view is drawn.
    init(
        _ photos: [TimelinePhoto], in folder: GeneratedImages? = nil, arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        self.folder = try folder ?? GeneratedImages()
        home = try GeneratedImages()
        for photo in photos { try Self.make(photo, in: self.folder) }
        demo = try RunningDemo(
            [self.folder.root, "--width", "800", "--height", "620", "--columns", "3"] + arguments,
            executable: "waterfall",
            environment: CullingWall.environment(home: home).merging(environment) { _, new in new })
        walked = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }.position
        try waitUntilDrawn(after: walked)
    }

    /// Makes `photo` in `folder`: its picture, its EXIF date, its modification time, its sidecar.
    static func make(_ photo: TimelinePhoto, in folder: GeneratedImages) throws {
        try folder.convert(["-size", "48x36", "xc:\(photo.color)", photo.name])
        let path = folder.path(photo.name)
        if let taken = photo.taken {
            _ = try TestTool.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=\(taken)", path])
        }
        if let rating = photo.rating {
            _ = try TestTool.run(["exiftool", "-q", "-XMP-xmp:Rating=\(rating)", "-o", path + ".xmp", path])
        }
        if let modified = photo.modified { _ = try TestTool.run(["touch", "-d", modified, path]) }
    }

    /// Waits for a frame after the first `after` events that shows cards, none of them waiting for its picture.
    @discardableResult
    func waitUntilDrawn(after: Int) throws -> Int {
        try demo.process.waitForEvent(after: after, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
        }.position
    }

    /// The wall's first arrangement of every photo the walk found (logged when the wall does not show them as walked).
    func firstArrangement() throws -> Event {
        try demo.process.waitForEvent(after: walked, "the arrangement after the walk") { $0.name == "arranged" }.event
    }

    /// Presses `key` (a keysym name) and waits for the next event named `name` after it (and `where` it holds).
    @discardableResult
    func press(
        _ key: String, until name: String, where predicate: @escaping (Event) -> Bool = { _ in true }
    ) throws -> (event: Event, position: Int) {
        let before = demo.eventCount
        try demo.key(key)
        return try demo.process.waitForEvent(after: before, "\(name) after \(key)") { $0.name == name && predicate($0) }
    }

    /// Quits with q and returns the `exit` event (the status bar's text, every element's frame).
    func quit() throws -> Event {
        try demo.key("q")
        return try demo.process.waitForEvent("the exit") { $0.name == "exit" }.event
    }

    /// The cards' file names in each section of `exit`'s elements, in their order on the wall.
    static func names(in exit: Event) -> [[String]] {
        let cards = elements(of: exit).filter { $0.kind == "cell" }.sorted { $0.index < $1.index }
        let sections = Set(cards.map(\.section)).sorted()
        return sections.map { section in
            cards.filter { $0.section == section }.map { URL(fileURLWithPath: $0.path ?? "").lastPathComponent }
        }
    }

    /// Every element (cards, headers, footer) of `exit`, in content coordinates.
    static func elements(of exit: Event) -> [LaidOutItem] {
        (exit.fields["elements"] as? [[String: Any]] ?? []).map(LaidOutItem.init(fields:))
    }

    /// The section titles an `arranged` event lists.
    static func titles(_ arranged: Event) -> [String] { arranged.fields["titles"] as? [String] ?? [] }

    /// The pixels of `shot` within `tolerance` of `colour` in each channel, in the rows `ys` (every row by default).
    static func count(near colour: RGB, in shot: Screenshot, ys: Range<Int>? = nil, tolerance: Int = 12) -> Int {
        var count = 0
        for y in ys ?? 0..<shot.height {
            for x in 0..<shot.width {
                guard let pixel = shot.pixel(x: x, y: y) else { continue }
                if abs(Int(pixel.red) - Int(colour.red)) <= tolerance
                    && abs(Int(pixel.green) - Int(colour.green)) <= tolerance
                    && abs(Int(pixel.blue) - Int(colour.blue)) <= tolerance
                {
                    count += 1
                }
            }
        }
        return count
    }

    /// Types `text` with xdotool (in a UTF-8 locale, which it reads the text in) and waits for the `filter` event
    /// of the whole text; returns the `filter` events it caused.
    @discardableResult
    func type(_ text: String, until expected: String) throws -> [Event] {
        try send(["type", text], until: expected)
    }

    /// Sends xdotool `arguments` (keys) and waits for the `filter` event of `expected`; returns the `filter` events
    /// they caused.
    @discardableResult
    func send(_ arguments: [String], until expected: String) throws -> [Event] {
        let before = demo.eventCount
        _ = try runTool("xdotool", arguments, display: demo.xvfb.display, environment: ["LC_ALL": "C.UTF-8"])
        _ = try demo.process.waitForEvent(after: before, "the filter \"\(expected)\"") {
            $0.name == "filter" && $0.string("text") == expected
        }
        return demo.events(named: "filter", after: before)
    }

    /// Binds `keysyms` to keycodes the server's keymap leaves free (`xmodmap`), so that xdotool finds them there rather
    /// than binding a scratch keycode for a moment (which it may take back before the wall looks the key up).
    func bindUnusedKeycodes(to keysyms: [String]) throws {
        let display = demo.xvfb.display
        let table = String(decoding: try runTool("xmodmap", ["-pke"], display: display), as: UTF8.self)
        let unused = table.split(separator: "\n").compactMap { line -> Int? in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)  // "keycode  93 ="
            guard parts.count == 2, parts[1].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return Int(parts[0].split(separator: " ").last ?? "")
        }.filter { $0 > 8 }
        guard unused.count >= keysyms.count else { throw X11TestError("too few free keycodes in \(table)") }
        for (code, keysym) in zip(unused.suffix(keysyms.count), keysyms) {
            _ = try runTool("xmodmap", ["-e", "keycode \(code) = \(keysym)"], display: display)
        }
    }
}

/// The wall's name filter under Xvfb through real keys and the X input method: `/` opens the bar along the top, whose
/// text has ink, with the cards below it; typed names (accents and case ignored, a dead key, CJK characters) and
/// BackSpace narrow and widen what the screen shows. (Return, Escape, the least rating and the rejects in-process:
/// WallArrangementTests; the options through `--print-layout`: ArrangementOptionsTests.)
@Suite(.serialized)
struct FilterWindowTests {
    static let photos = [
        TimelinePhoto(name: "Été à Nice.jpg", color: "#D02020"), TimelinePhoto(name: "ete-2.jpg", color: "#20A040"),
        TimelinePhoto(name: "Winter.jpg", color: "#2040C0"), TimelinePhoto(name: "東京タワー.jpg", color: "#E0A000"),
        TimelinePhoto(name: "café.jpg", color: "#A020C0"), TimelinePhoto(name: "snow.jpg", color: "#20B0B0"),
    ]

    /// The `filter` events' texts and item counts.
    func steps(_ events: [Event]) -> [String] { events.map { "\($0.string("text") ?? "?") \($0.int("items") ?? -1)" } }

    @Test func typingThroughTheInputMethodNarrowsTheWallUnderTheFilterBar() throws {
        let wall = try TimelineWall(Self.photos)
        let demo = wall.demo
        let begun = try wall.press("slash", until: "filterBegin")
        #expect(begun.event.string("text") == "")
        let typed = try wall.type("ete", until: "ete")
        #expect(steps(typed) == ["e 4", "et 2", "ete 2"])
        #expect(demo.events(named: "arranged", after: begun.position).map { $0.int("items") } == [4, 2, 2])
        // The bar along the top has the text's ink; the cards are below it, and only the two named "Été" and "ete" show.
        let layout = try demo.process.waitForEvent(after: begun.position, "the layout under the bar") {
            $0.name == "layout"
        }.event
        let top = try #require(layout.double("viewport", "y"))
        #expect(top == 28)
        let shot = try wall.syncAndShoot()
        try shot.savePNG(
            window: wall.demo.window, display: wall.demo.xvfb.display, to: artifactPath("filter-typed.png"))
        let barInk = shot.textInk(
            xs: 0..<shot.width, ys: 0..<28, ink: TimelineWall.title, background: TimelineWall.filterBar)
        #expect(barInk.isText(minimumSolid: 20), "the filter bar: \(barInk)")
        for photo in Self.photos {
            let colour = RGB(UInt32(photo.color.dropFirst(), radix: 16) ?? 0)
            let shown = ["Été à Nice.jpg", "ete-2.jpg"].contains(photo.name)
            #expect(TimelineWall.count(near: colour, in: shot, ys: 0..<28) == 0, "\(photo.name) under the bar")
            #expect((TimelineWall.count(near: colour, in: shot) > 100) == shown, "\(photo.name) shown: \(shown)")
        }

        // BackSpace widens again, a character at a time.
        #expect(
            steps(try wall.send(["key", "BackSpace", "BackSpace", "BackSpace"], until: "")) == ["et 2", "e 4", " 6"])
        // A dead key composes: the filter is "é", which finds the e's too.
        try wall.bindUnusedKeycodes(to: ["dead_acute", "U6771", "U4EAC"])
        #expect(steps(try wall.send(["key", "dead_acute", "e"], until: "é")) == ["é 4"])
        #expect(steps(try wall.send(["key", "BackSpace"], until: "")) == [" 6"])
        // CJK characters find the name that has them.
        #expect(steps(try wall.type("東京", until: "東京")) == ["東 1", "東京 1"])
        #expect(steps(try wall.send(["key", "BackSpace", "BackSpace"], until: "")) == ["東 1", " 6"])

        // Return, Escape, the filter kept and the status bar's words: WallArrangementTests.
        demo.expectNoXErrors()
    }
}

extension TimelineWall {
    /// Waits until the window has handled every input before and drawn every picture in view, and takes a screenshot.
    func syncAndShoot() throws -> Screenshot {
        let last = try demo.syncWithAPull(after: demo.eventCount)
        try waitUntilDrawn(after: last)
        return try demo.screenshot()
    }
}

/// The timeline under Xvfb: `--group month --sort taken` makes sections of the months taken (EXIF DateTimeOriginal,
/// else the file's modification time), named in the locale of the program's environment and newest first, each
/// section in the order taken, each header with its title drawn. (Oldest first, days, years, a new day arriving
/// live and the titles in other languages in-process: WallTimelineTests.)
@Suite(.serialized)
struct TimelineWindowTests {
    /// Three photos of March 2024, two of December 2023 (each named against the order taken) and one without EXIF
    /// modified in July 2023.
    static let photos = [
        TimelinePhoto(name: "m1.jpg", color: "#D02020", taken: "2024:03:20 10:00:00"),
        TimelinePhoto(name: "m2.jpg", color: "#20A040", taken: "2024:03:02 09:00:00"),
        TimelinePhoto(name: "m3.jpg", color: "#2040C0", taken: "2024:03:11 18:30:00"),
        TimelinePhoto(name: "d1.jpg", color: "#E0A000", taken: "2023:12:24 20:00:00"),
        TimelinePhoto(name: "d2.jpg", color: "#A020C0", taken: "2023:12:01 08:00:00"),
        TimelinePhoto(name: "n.jpg", color: "#20B0B0", modified: "2023-07-15 12:00:00"),
    ]
    /// The user's language alone decides the titles: no LC_ALL or LC_TIME from the test's own environment.
    static func language(_ lang: String) -> [String: String] { ["LANG": lang, "LC_ALL": "", "LC_TIME": ""] }

    @Test func monthsNewestFirstInTheOrderTakenEachHeaderWithItsTitle() throws {
        let wall = try TimelineWall(
            Self.photos, arguments: ["--group", "month", "--sort", "taken"],
            environment: Self.language("en_US.UTF-8"))
        let arranged = try wall.firstArrangement()
        #expect(TimelineWall.titles(arranged) == ["March 2024", "December 2023", "July 2023"])
        #expect(arranged.int("items") == 6 && arranged.int("sections") == 3)
        let shot = try wall.demo.screenshot()
        try shot.savePNG(
            window: wall.demo.window, display: wall.demo.xvfb.display, to: artifactPath("timeline-months.png"))
        // The footer counts months, not folders (it is made as it comes into view: End brings it).
        try wall.demo.key("End")
        func isFooter(_ event: Event) -> Bool { event.name == "bar" && event.string("kind") == "footer" }
        _ = try wall.demo.process.waitForEvent(after: wall.walked, "the footer", where: isFooter)
        let footers = wall.demo.process.events.dropFirst(wall.walked).filter(isFooter).map { $0.string("title") ?? "" }
        #expect(!footers.isEmpty && footers.allSatisfy { $0 == "6 photos in 3 months" }, "\(footers)")
        let exit = try wall.quit()
        #expect(TimelineWall.names(in: exit) == [["m2.jpg", "m3.jpg", "m1.jpg"], ["d2.jpg", "d1.jpg"], ["n.jpg"]])
        // Each header shows its title: dark ink on the wall's background in its left half (the count is on the right).
        let headers = TimelineWall.elements(of: exit).filter { $0.kind == "header" }
        #expect(headers.map(\.section) == [0, 1, 2])
        let origin = (x: wall.demo.ready.double("viewport", "x") ?? 0, y: wall.demo.ready.double("viewport", "y") ?? 0)
        for header in headers {
            let xs = Int(origin.x + header.x)..<Int(origin.x + header.x + header.width / 2)
            let ys = Int(origin.y + header.y)..<Int(origin.y + header.y + header.height)
            let ink = shot.textInk(xs: xs, ys: ys, ink: TimelineWall.title, background: TimelineWall.background)
            #expect(ink.isText(), "the header of section \(header.section) (\(xs) × \(ys)) has \(ink)")
        }
        #expect(
            exit.string("status")?.hasPrefix("by month · in the order taken · 6 photos") == true,
            "\(exit.string("status") ?? "")")
        wall.demo.expectNoXErrors()
    }
}

/// The scrubber under Xvfb: the scroll bar's thumb dragged with xdotool's real button shows, beside it, a dark box
/// with the title of the month at the top of the view, and the box goes at the release.
@Suite(.serialized)
struct ScrubberWindowTests {
    /// What the screenshot shows of a dragged thumb and its label: their rows, the box's columns and its text's ink.
    struct SeenLabel {
        var thumb: ClosedRange<Int>
        var box: ClosedRange<Int>
        var boxColumns: ClosedRange<Int>
        var ink: TextInk
    }

    /// The dragged thumb (in the bar's middle column; the bar begins at `barX`) and the label's box (its right edge 8
    /// points left of the bar, found by its colour in the rows about the thumb's), if `shot` shows them.
    func seenLabel(in shot: Screenshot, barX: Int, barWidth: Int) -> SeenLabel? {
        func rows(x: Int, of colour: RGB, within: Range<Int>) -> ClosedRange<Int>? {
            let ys = within.clamped(to: 0..<shot.height).filter { shot.pixel(x: x, y: $0) == colour }
            guard let first = ys.first, let last = ys.last, ys.count == last - first + 1 else { return nil }
            return first...last
        }
        guard let thumb = rows(x: barX + barWidth / 2, of: TimelineWall.draggedThumb, within: 0..<shot.height),
            let box = rows(
                x: barX - 9, of: TimelineWall.labelBox, within: (thumb.lowerBound - 20)..<(thumb.upperBound + 21))
        else { return nil }
        var left = barX - 9
        while left > 0, shot.pixel(x: left - 1, y: box.lowerBound) == TimelineWall.labelBox { left -= 1 }
        let ink = shot.textInk(
            xs: left..<(barX - 8), ys: box.lowerBound..<(box.upperBound + 1), ink: TimelineWall.labelText,
            background: TimelineWall.labelBox)
        return SeenLabel(thumb: thumb, box: box, boxColumns: left...(barX - 9), ink: ink)
    }

    @Test func draggingTheThumbShowsTheMonthUnderItBesideItUntilTheRelease() throws {
        // 60 photos over three months, 20 a month: hard links of one photo a month.
        let folder = try GeneratedImages()
        for (month, colour) in [("01", "#D02020"), ("02", "#20A040"), ("03", "#2040C0")] {
            try TimelineWall.make(
                TimelinePhoto(name: "seed-\(month).jpg", color: colour, taken: "2024:\(month):10 12:00:00"), in: folder)
            for index in 0..<20 {
                #expect(
                    link(
                        folder.path("seed-\(month).jpg"), folder.path("p-\(month)-\(String(format: "%02d", index)).jpg")
                    ) == 0)
            }
            try FileManager.default.removeItem(atPath: folder.path("seed-\(month).jpg"))
        }
        let wall = try TimelineWall(
            [], in: folder, arguments: ["--group", "month"], environment: TimelineWindowTests.language("en_US.UTF-8"))
        let demo = wall.demo
        #expect(TimelineWall.titles(try wall.firstArrangement()) == ["March 2024", "February 2024", "January 2024"])
        let layout = try #require(demo.process.events.last { $0.name == "layout" })
        let bar = (
            x: Int(layout.double("scrollBar", "x") ?? 0), y: Int(layout.double("scrollBar", "y") ?? 0),
            width: Int(layout.double("scrollBar", "width") ?? 0), height: Int(layout.double("scrollBar", "height") ?? 0)
        )
        let viewportHeight = layout.double("viewport", "height") ?? 0
        #expect(bar.width > 0 && (layout.double("contentHeight") ?? 0) > 3 * viewportHeight)
        let grabX = bar.x + bar.width / 2
        let window = String(demo.window)

        // Pressed on the thumb at the top, then moved down by a tenth, nine tenths and half of the track.
        try xdotool(
            ["mousemove", "--window", window, String(grabX), String(bar.y + 2), "mousedown", "1"],
            display: demo.xvfb.display)
        var seen: [(offset: Double, text: String, label: SeenLabel)] = []
        for tenths in [1, 9, 5] {
            let before = demo.eventCount
            let lastOffset = seen.last?.offset ?? 0
            try xdotool(
                ["mousemove", "--window", window, String(grabX), String(bar.y + 2 + bar.height * tenths / 10)],
                display: demo.xvfb.display)
            let asked = try demo.process.waitForEvent(after: before, "the label at \(tenths) tenths") {
                $0.name == "scrubber" && $0.double("offset") != lastOffset
            }
            let offset = try #require(asked.event.double("offset"))
            try demo.waitForFrame(after: asked.position, offset: offset)
            let shot = try demo.screenshot()
            let label = try #require(
                seenLabel(in: shot, barX: bar.x, barWidth: bar.width), "no label at \(tenths) tenths")
            seen.append((offset, asked.event.string("text") ?? "", label))
            // Beside the thumb, at its middle, with a gap to the bar; its text drawn.
            let thumbMiddle = Double(label.thumb.lowerBound + label.thumb.upperBound) / 2
            let boxMiddle = Double(label.box.lowerBound + label.box.upperBound) / 2
            #expect(abs(thumbMiddle - boxMiddle) <= 1, "thumb \(label.thumb), box \(label.box)")
            #expect(shot.pixel(x: bar.x - 4, y: Int(boxMiddle)) != TimelineWall.labelBox)
            #expect(label.ink.isText(), "the label's text at \(tenths) tenths: \(label.ink)")
        }
        #expect(seen.map { $0.text } == ["March 2024", "January 2024", "February 2024"])
        // The box is as wide as its text: "March 2024" the narrowest, "February 2024" the widest.
        let widths = seen.map { $0.label.boxColumns.count }
        #expect(widths[0] < widths[1] && widths[1] < widths[2], "\(widths)")

        // The release takes the label away; Home, handled after it, scrolls to the top.
        let released = demo.eventCount
        try xdotool(["mouseup", "1", "key", "Home"], display: demo.xvfb.display)
        try demo.waitForFrame(after: released, offset: 0)
        let after = try demo.screenshot()
        #expect(seenLabel(in: after, barX: bar.x, barWidth: bar.width) == nil)
        let box = seen[2].label
        let boxRows = box.box.lowerBound..<(box.box.upperBound + 1)
        #expect(
            !after.textInk(
                xs: box.boxColumns.lowerBound..<(box.boxColumns.upperBound + 1), ys: boxRows,
                ink: TimelineWall.labelText, background: TimelineWall.labelBox
            ).isText())

        // Each label named the section at the top of the view at its offset: the last whose header begins there or above.
        let exit = try wall.quit()
        let headers = TimelineWall.elements(of: exit).filter { $0.kind == "header" }.sorted { $0.y < $1.y }
        for (offset, text, _) in seen {
            let section = try #require(headers.last { $0.y <= offset }?.section)
            #expect(text == ["March 2024", "February 2024", "January 2024"][section], "at offset \(offset)")
        }
        demo.expectNoXErrors()
    }
}

/// The arrangement's options reach the wall: `--min-rating`, `--hide-rejected`, `--group`, `--sort taken` and
/// `--oldest-first`, as `--print-layout` lays out the photos (no display: it lays out as the window does).
@Suite(.serialized)
struct ArrangementOptionsTests {
    /// The cards' file names in index order, and the summary, of `waterfall --print-layout` on `folder` with
    /// `options`, and the names of each stack's photos.
    func layout(
        _ folder: GeneratedImages, _ options: [String], environment: [String: String] = [:]
    ) throws -> (names: [String], summary: Event, stacks: [[String]]) {
        let process = try DemoProcess(
            executable: "waterfall",
            arguments: [folder.root, "--print-layout", "--width", "800", "--height", "600", "--columns", "3"] + options,
            display: nil,
            environment: TimelineWindowTests.language("en_US.UTF-8").merging(environment) { _, new in new })
        guard try process.waitForExit() == 0 else {
            throw X11TestError("--print-layout failed: \(process.standardError)")
        }
        let summary = try #require(process.events.last)
        let cells = process.events.dropLast().filter { $0.fields["kind"] as? String == "cell" }
        let cards = cells.map { LaidOutItem(fields: $0.fields) }.sorted { $0.index < $1.index }
        let stacks = cells.compactMap { $0.fields["stack"] as? [String] }.map {
            $0.map { URL(fileURLWithPath: $0).lastPathComponent }
        }
        return (cards.map { URL(fileURLWithPath: $0.path ?? "").lastPathComponent }, summary, stacks)
    }

    @Test func aBurstIsOneCardUnlessStackingIsTurnedOff() throws {
        let folder = try StackWindowTests.burst()
        let stacked = try layout(folder, [])
        #expect(stacked.names == ["a1.jpg", "z.jpg"] && stacked.stacks == [["a1.jpg", "a2.jpg", "a3.jpg"]])
        let alone = ["a1.jpg", "a2.jpg", "a3.jpg", "z.jpg"]
        #expect(try layout(folder, ["--no-stacks"]).names == alone)
        let config = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: config.path("waterfall"), withIntermediateDirectories: true)
        try "[wall]\nstacks = false\n".write(
            toFile: config.path("waterfall/config.toml"), atomically: true, encoding: .utf8)
        let off = try layout(folder, [], environment: ["XDG_CONFIG_HOME": config.root])
        #expect(off.names == alone && off.stacks == [])
    }

    @Test func theLeastRatingAndTheRejectsLeavePhotosOut() throws {
        let folder = try GeneratedImages()
        for (name, rating) in zip(["a", "b", "c", "d", "e", "f", "g"], [4, 3, 1, 5, nil, -1, 2]) {
            try TimelineWall.make(TimelinePhoto(name: name + ".jpg", color: "#808080", rating: rating), in: folder)
        }
        #expect(try layout(folder, ["--min-rating", "3"]).names == ["a.jpg", "b.jpg", "d.jpg"])
        #expect(
            try layout(folder, ["--hide-rejected"]).names == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "g.jpg"])
        #expect(try layout(folder, []).summary.int("items") == 7)
    }

    @Test func theGroupingTheOrderTakenAndOldestFirst() throws {
        let folder = try GeneratedImages()
        for photo in TimelineWindowTests.photos { try TimelineWall.make(photo, in: folder) }
        let newest = try layout(folder, ["--group", "month", "--sort", "taken"])
        #expect(newest.names == ["m2.jpg", "m3.jpg", "m1.jpg", "d2.jpg", "d1.jpg", "n.jpg"])
        #expect(newest.summary.int("sections") == 3)
        let oldest = try layout(folder, ["--group", "month", "--sort", "taken", "--oldest-first"])
        #expect(oldest.names == ["n.jpg", "d2.jpg", "d1.jpg", "m2.jpg", "m3.jpg", "m1.jpg"])
        #expect(try layout(folder, ["--group", "day"]).summary.int("sections") == 6)
        #expect(try layout(folder, ["--group", "year"]).summary.int("sections") == 2)
    }

    /// `--search` lays out what the filter finds, keywords, ratings and dates among its terms; `--search @NAME` the
    /// config file's named search; an unknown name is refused with status 64, naming the names there are.
    @Test func aSearchAndANamedOneFromTheConfigFile() throws {
        let folder = try GeneratedImages()
        let photos = [
            TimelinePhoto(name: "beach-2023.jpg", color: "#2040C0", taken: "2023:07:14 10:00:00", rating: 4),
            TimelinePhoto(name: "beach-2024.jpg", color: "#2040C0", taken: "2024:07:14 10:00:00", rating: 5),
            TimelinePhoto(name: "hills-2023.jpg", color: "#20A040", taken: "2023:05:01 10:00:00", rating: 4),
            TimelinePhoto(name: "sea-2023.jpg", color: "#2040C0", taken: "2023:08:01 10:00:00", rating: 2),
        ]
        for photo in photos { try TimelineWall.make(photo, in: folder) }
        for name in ["beach-2023.jpg", "beach-2024.jpg", "sea-2023.jpg"] {
            try folder.exiftool(name, ["-XMP-lr:HierarchicalSubject=places|sea|beach"])
        }
        // The ratings are in the sidecars, which keep them over the embedded XMP's none.
        #expect(
            try layout(folder, ["--search", "keyword:beach date:2023 rating>=4"]).names == ["beach-2023.jpg"])
        #expect(try layout(folder, ["--search=-keyword:places/sea"]).names == ["hills-2023.jpg"])
        let config = try GeneratedImages()
        try config.write(
            Array("[searches]\nbeach = \"keyword:sea rating>=4\"\nbroken = \"rating>9\"\n".utf8), to: "config.toml")
        let named = try layout(folder, ["--search", "@beach", "--config", config.path("config.toml")])
        #expect(named.names == ["beach-2023.jpg", "beach-2024.jpg"])

        let unknown = try DemoProcess(
            executable: "waterfall",
            arguments: [folder.root, "--print-layout", "--search", "@sunsets", "--config", config.path("config.toml")],
            display: nil)
        #expect(try unknown.waitForExit() == 64)
        #expect(
            unknown.standardError.contains(
                "waterfall: --search @sunsets: no search named “sunsets” in the config file's [searches] (it has @beach)"
            ), "\(unknown.standardError)")
        #expect(
            unknown.standardError.contains(
                "config.toml:3: searches.broken is \"rating>9\", which is no query: column 8: rating is 0 to 5 stars, not “9”; it is ignored"
            ), "\(unknown.standardError)")
    }

    /// `--group similar` with `--print-layout` decodes every photo's thumbnail, hashes it and lays out a section for
    /// each group of near-duplicates, the best first; a photo in no group is left out. `is:duplicate` finds the same.
    @Test func theGroupsOfNearDuplicates() throws {
        let folder = try GeneratedImages()
        let scene = [
            "-size", "600x400", "-seed", "5", "plasma:fractal", "-blur", "0x2", "(", "wizard:", "-resize", "60%",
            ")", "-geometry", "+200+40", "-composite",
        ]
        try folder.convert(scene + ["a.jpg"])
        try folder.convert(scene + ["-resize", "50%", "a-small.jpg"])
        try folder.convert(scene + ["-gravity", "center", "-crop", "97%x97%+0+0", "+repage", "a-crop.jpg"])
        try folder.convert(["logo:", "-resize", "600x400!", "b.jpg"])
        let grouped = try layout(folder, ["--group", "similar"])
        #expect(grouped.names == ["a.jpg", "a-crop.jpg", "a-small.jpg"])
        #expect(grouped.summary.int("sections") == 1)
        #expect(try layout(folder, ["--search", "is:duplicate"]).names == ["a-crop.jpg", "a-small.jpg", "a.jpg"])
        #expect(try layout(folder, ["--search=-is:duplicate"]).names == ["b.jpg"])
    }
}
