import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The timeline under Xvfb: `--group month --sort taken` makes sections of the months taken (EXIF DateTimeOriginal,
/// else the file's modification time), named in the user's locale and newest first (`--oldest-first` reverses them),
/// each section in the order taken, each header with its title drawn; `--group day` names days.
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

    @Test func oldestFirstReversesTheMonthsAndDaysAreSectionsOfTheirOwn() throws {
        let folder = try GeneratedImages()
        let oldest = try TimelineWall(
            Self.photos, in: folder, arguments: ["--group", "month", "--sort", "taken", "--oldest-first"],
            environment: Self.language("en_US.UTF-8"))
        #expect(TimelineWall.titles(try oldest.firstArrangement()) == ["July 2023", "December 2023", "March 2024"])
        #expect(
            TimelineWall.names(in: try oldest.quit()) == [
                ["n.jpg"], ["d2.jpg", "d1.jpg"], ["m2.jpg", "m3.jpg", "m1.jpg"],
            ])

        let days = try TimelineWall(
            [], in: folder, arguments: ["--group", "day"], environment: Self.language("en_US.UTF-8"))
        #expect(
            TimelineWall.titles(try days.firstArrangement()) == [
                "Wednesday, March 20, 2024", "Monday, March 11, 2024", "Saturday, March 2, 2024",
                "Sunday, December 24, 2023", "Friday, December 1, 2023", "Saturday, July 15, 2023",
            ])
        // A photo of a new day moved into the folder comes in its own section, first.
        let elsewhere = try GeneratedImages()
        try TimelineWall.make(
            TimelinePhoto(name: "new.jpg", color: "#808080", taken: "2025:01:05 09:00:00"), in: elsewhere)
        let before = days.demo.eventCount
        try FileManager.default.moveItem(atPath: elsewhere.path("new.jpg"), toPath: folder.path("new.jpg"))
        let arrived = try days.demo.process.waitForEvent(after: before, "the new photo's arrangement") {
            $0.name == "arranged"
        }.event
        #expect(arrived.int("items") == 7 && TimelineWall.titles(arrived).first == "Sunday, January 5, 2025")
        #expect(TimelineWall.names(in: try days.quit()).first == ["new.jpg"])
        days.demo.expectNoXErrors()
    }

    @Test func theMonthsAreNamedInTheLanguageOfTheEnvironment() throws {
        let folder = try GeneratedImages()
        let german = try TimelineWall(
            Self.photos, in: folder, arguments: ["--group", "month"], environment: Self.language("de_DE.UTF-8"))
        #expect(TimelineWall.titles(try german.firstArrangement()) == ["März 2024", "Dezember 2023", "Juli 2023"])
        // LC_TIME comes before LANG, and LC_ALL before both.
        let french = try TimelineWall(
            [], in: folder, arguments: ["--group", "month"],
            environment: ["LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8", "LC_ALL": ""])
        #expect(TimelineWall.titles(try french.firstArrangement()) == ["mars 2024", "décembre 2023", "juillet 2023"])
        let english = try TimelineWall(
            [], in: folder, arguments: ["--group", "month"],
            environment: ["LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8", "LC_ALL": "en_GB.UTF-8"])
        #expect(TimelineWall.titles(try english.firstArrangement()) == ["March 2024", "December 2023", "July 2023"])
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
