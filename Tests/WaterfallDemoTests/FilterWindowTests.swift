import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The wall's filters under Xvfb through real keys: `/` and the typed name (accents and case ignored, a dead key, CJK
/// characters), BackSpace, Return and Escape; `--min-rating`, `r` and Shift+X.
@Suite(.serialized)
struct FilterWindowTests {
    static let photos = [
        TimelinePhoto(name: "Été à Nice.jpg", color: "#D02020"), TimelinePhoto(name: "ete-2.jpg", color: "#20A040"),
        TimelinePhoto(name: "Winter.jpg", color: "#2040C0"), TimelinePhoto(name: "東京タワー.jpg", color: "#E0A000"),
        TimelinePhoto(name: "café.jpg", color: "#A020C0"), TimelinePhoto(name: "snow.jpg", color: "#20B0B0"),
    ]

    /// The `filter` events' texts and item counts.
    func steps(_ events: [Event]) -> [String] { events.map { "\($0.string("text") ?? "?") \($0.int("items") ?? -1)" } }

    @Test func typingNarrowsTheWallAndReturnKeepsTheFilterAndEscapeClearsIt() throws {
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

        // Return keeps the filter and gives the keys back: Right selects the first card shown.
        try wall.type("ete", until: "ete")
        let accepted = try wall.press("Return", until: "filterEnd")
        #expect(accepted.event.fields["accepted"] as? Bool == true && accepted.event.int("items") == 2)
        let selected = try wall.press("Right", until: "select")
        #expect(selected.event.int("index") == 0)
        #expect(demo.events(named: "filter", after: accepted.position).isEmpty)
        // / again shows the filter kept; Escape clears it, and every card is back.
        let again = try wall.press("slash", until: "filterBegin")
        #expect(again.event.string("text") == "ete")
        let cleared = try wall.press("Escape", until: "filterEnd")
        #expect(cleared.event.fields["accepted"] as? Bool == false && cleared.event.int("items") == 6)
        #expect(demo.events(named: "arranged", after: again.position).last?.int("items") == 6)

        // While filtered, the status bar says how many of the photos show, and the text.
        try wall.press("slash", until: "filterBegin")
        try wall.type("東京", until: "東京")
        try wall.press("Return", until: "filterEnd")
        let exit = try wall.quit()
        #expect(
            exit.string("status")?.hasPrefix("1 of 6 photos · “東京” · 6 photos") == true,
            "\(exit.string("status") ?? "")")
        #expect(TimelineWall.names(in: exit) == [["東京タワー.jpg"]])
        demo.expectNoXErrors()
    }

    @Test func theLeastRatingAndTheRejectsLeavePhotosOut() throws {
        let photos = [
            TimelinePhoto(name: "a.jpg", color: "#D02020", rating: 4),
            TimelinePhoto(name: "b.jpg", color: "#20A040", rating: 3),
            TimelinePhoto(name: "c.jpg", color: "#2040C0", rating: 1),
            TimelinePhoto(name: "d.jpg", color: "#E0A000", rating: 5),
            TimelinePhoto(name: "e.jpg", color: "#A020C0"), TimelinePhoto(name: "f.jpg", color: "#20B0B0", rating: -1),
            TimelinePhoto(name: "g.jpg", color: "#808080", rating: 2),
        ]
        let wall = try TimelineWall(photos, arguments: ["--min-rating", "3"])
        let demo = wall.demo
        #expect(try wall.firstArrangement().int("items") == 3)
        // A photo rated below the least rating leaves the wall, and Ctrl+Z brings it back.
        #expect(try wall.press("Right", until: "select").event.int("index") == 0)  // a.jpg, 4 stars
        let rated = try wall.press("1", until: "arranged")
        #expect(rated.event.int("items") == 2)
        _ = try demo.process.waitForEvent(after: rated.position, "the rating's end") {
            $0.name == "fileAction" && $0.string("action") == "mark"
        }
        #expect(
            try TestTool.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", wall.folder.path("a.jpg.xmp")]).output
                == "1\n")
        let undone = try wall.press("ctrl+z", until: "arranged")
        #expect(undone.event.int("items") == 3)
        _ = try demo.process.waitForEvent(after: undone.position, "the undo's end") {
            $0.name == "fileAction" && $0.string("action") == "mark"
        }
        #expect(
            try TestTool.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", wall.folder.path("a.jpg.xmp")]).output
                == "4\n")
        // r cycles the least rating: 4, 5, none, 1, 2, 3, 4, 5, none.
        var counts: [Int] = []
        for _ in 0..<9 { counts.append(try wall.press("r", until: "arranged").event.int("items") ?? -1) }
        #expect(counts == [2, 1, 7, 5, 4, 3, 2, 1, 7])
        let rejectColour = RGB(0x20B0B0)
        #expect(TimelineWall.count(near: rejectColour, in: try wall.syncAndShoot()) > 100)
        // Shift+X hides the rejected photo, and shows it again.
        #expect(try wall.press("shift+x", until: "arranged").event.int("items") == 6)
        let hidden = try wall.syncAndShoot()
        #expect(TimelineWall.count(near: rejectColour, in: hidden) == 0)
        #expect(try wall.press("shift+x", until: "arranged").event.int("items") == 7)
        #expect(TimelineWall.count(near: rejectColour, in: try wall.syncAndShoot()) > 100)
        let exitNames = TimelineWall.names(in: try wall.quit()).flatMap { $0 }
        #expect(exitNames == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg", "g.jpg"])
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
