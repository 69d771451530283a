import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos

/// The wall's arrangement through its keys, in-process: `/` and a typed name narrow the wall (case and accents
/// ignored), BackSpace widens it, Return keeps the filter and Escape clears it; the least rating (`r`, or given)
/// and Shift+X leave photos out, and a rating that leaves a photo out takes its card away; the status bar says what
/// is left out. (A dead key composed through the X input method, and the filter bar's ink: ArrangementWindowTests.)
@Suite struct WallArrangementTests {
    static let filterNames = ["Été à Nice.png", "ete-2.png", "Winter.png", "東京タワー.png", "café.png", "snow.png"]

    /// The `filter` events after the first `after`: "text items".
    static func steps(_ harness: WallHarness, after: Int) -> [String] {
        harness.events("filter", after: after).map { "\($0.string("text") ?? "?") \($0.int("items") ?? -1)" }
    }

    @Test func typingNarrowsTheWallAndReturnKeepsTheFilterAndEscapeClearsIt() throws {
        let harness = try WallHarness()
        for name in Self.filterNames { try harness.photo(name) }
        try harness.open(columns: .fixed(3))
        #expect(harness.titles[0].count == 6)
        var mark = harness.eventCount
        try harness.window.press("slash")
        let entry = try #require(harness.window.textEntry)
        #expect(entry.text == "" && entry.prompt == "Filter: ")
        #expect(harness.events("filterBegin", after: mark).map { $0.string("text") } == [""])
        try harness.window.type("ete")
        #expect(Self.steps(harness, after: mark) == ["e 4", "et 2", "ete 2"])
        #expect(harness.events("arranged", after: mark).map { $0.int("items") } == [4, 2, 2])
        #expect(harness.titles == [["ete-2.png", "Été à Nice.png"]])  // in the walk's order: "e" before "É"
        #expect(harness.wall.collectionView.numberOfItems == 2)

        // BackSpace widens again, a character at a time.
        mark = harness.eventCount
        for _ in 0..<3 { try harness.window.press("BackSpace") }
        #expect(Self.steps(harness, after: mark) == ["et 2", "e 4", " 6"])
        // An accented letter finds the plain ones too; CJK characters find the name that has them.
        mark = harness.eventCount
        try harness.window.type("é")
        try harness.window.press("BackSpace")
        try harness.window.type("東京")
        for _ in 0..<2 { try harness.window.press("BackSpace") }
        #expect(Self.steps(harness, after: mark) == ["é 4", " 6", "東 1", "東京 1", "東 1", " 6"])

        // Return keeps the filter and gives the keys back: Right selects the first card shown.
        try harness.window.type("ete")
        mark = harness.eventCount
        try harness.window.press("Return")
        #expect(harness.window.textEntry == nil)
        let accepted = try #require(harness.events("filterEnd", after: mark).first)
        #expect(accepted.bool("accepted") == true && accepted.int("items") == 2)
        try harness.window.press("Right")
        #expect(
            harness.selectedIndices == [0] && harness.wall.selectedFiles.map(\.lastComponent?.string) == ["ete-2.png"])
        #expect(harness.events("filter", after: mark).isEmpty)
        #expect(harness.wall.arrangement.nameFilter == "ete")
        // / again shows the filter kept; Escape clears it, and every card is back.
        mark = harness.eventCount
        try harness.window.press("slash")
        #expect(harness.window.textEntry?.text == "ete")
        #expect(harness.events("filterBegin", after: mark).map { $0.string("text") } == ["ete"])
        try harness.window.press("Escape")
        let cleared = try #require(harness.events("filterEnd", after: mark).first)
        #expect(cleared.bool("accepted") == false && cleared.int("items") == 6)
        #expect(harness.events("arranged", after: mark).last?.int("items") == 6)
        #expect(harness.window.textEntry == nil && harness.wall.arrangement.nameFilter == "")

        // While filtered, the status bar says how many of the photos show, and the text.
        try harness.window.press("slash")
        try harness.window.type("東京")
        try harness.window.press("Return")
        #expect(harness.wall.statusText == "1 of 6 photos · “東京” · 6 photos in 1 folder · " + harness.cacheText)
        #expect(harness.titles == [["東京タワー.png"]])
    }

    /// a.png to g.png, rated 4, 3, 1, 5, none, rejected and 2 in their sidecars.
    static func ratedPhotos() throws -> WallHarness {
        let harness = try WallHarness()
        for (name, rating) in zip(["a", "b", "c", "d", "e", "f", "g"], [4, 3, 1, 5, nil, -1, 2]) {
            let path = try harness.photo(name + ".png")
            if let rating { try PhotoSidecar.write(PhotoMarks(xmpRating: rating), for: FilePath(path)) }
        }
        return harness
    }

    @Test func theLeastRatingAndTheRejectsLeavePhotosOut() throws {
        let harness = try Self.ratedPhotos()
        try harness.open(columns: .fixed(3)) { $0.arrangement.minimumRating = 3 }
        #expect(harness.titles == [["a.png", "b.png", "d.png"]])
        #expect(harness.wall.statusText == "3 of 7 photos · ★3+ · 7 photos in 1 folder · " + harness.cacheText)
        // A photo rated below the least rating leaves the wall, and Ctrl+Z brings it back.
        try harness.window.press("Right")
        #expect(harness.selectedIndices == [0])
        var mark = harness.eventCount
        try harness.window.press("1")
        #expect(harness.events("arranged", after: mark).map { $0.int("items") } == [2])
        #expect(harness.titles == [["b.png", "d.png"]])
        try harness.waitForEvent("fileAction", after: mark) { $0.string("action") == "mark" }
        #expect(PhotoSidecar.marks(of: FilePath(harness.root + "/a.png")) == PhotoMarks(rating: 1))
        mark = harness.eventCount
        try harness.window.press("z", .control)
        #expect(harness.events("arranged", after: mark).map { $0.int("items") } == [3])
        #expect(harness.titles == [["a.png", "b.png", "d.png"]])
        try harness.waitForEvent("fileAction", after: mark) { $0.string("action") == "mark" && $0.bool("undo") == true }
        #expect(PhotoSidecar.marks(of: FilePath(harness.root + "/a.png")) == PhotoMarks(rating: 4))

        // r cycles the least rating: 4, 5, none, 1, 2, 3, 4, 5, none.
        var counts: [Int] = []
        var ratings: [Int] = []
        for _ in 0..<9 {
            mark = harness.eventCount
            try harness.window.press("r")
            counts.append(harness.events("arranged", after: mark).last?.int("items") ?? -1)
            ratings.append(harness.wall.arrangement.minimumRating)
        }
        #expect(counts == [2, 1, 7, 5, 4, 3, 2, 1, 7])
        #expect(ratings == [4, 5, 0, 1, 2, 3, 4, 5, 0])
        #expect(harness.titles[0].contains("f.png"))
        // Shift+X hides the rejected photo, and shows it again.
        try harness.window.press("x", .shift)
        #expect(harness.wall.items.count == 6 && !harness.titles[0].contains("f.png"))
        #expect(
            harness.wall.statusText
                == "1 photo marked · 6 of 7 photos · rejects hidden · 7 photos in 1 folder · " + harness.cacheText)
        try harness.window.press("x", .shift)
        #expect(harness.titles == [["a.png", "b.png", "c.png", "d.png", "e.png", "f.png", "g.png"]])
        #expect(harness.wall.statusText == "1 photo marked · 7 photos in 1 folder · " + harness.cacheText)
    }

    /// A photo rated out of the arrangement in the lightbox keeps its place there until the lightbox closes.
    @Test func aRatingInTheLightboxRearrangesOnceItCloses() throws {
        let harness = try Self.ratedPhotos()
        try harness.open(columns: .fixed(3)) { $0.arrangement.minimumRating = 3 }
        try harness.window.press("Right")
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        try harness.act("1", "mark")
        #expect(harness.titles == [["a.png", "b.png", "d.png"]] && lightbox.index == 0)
        #expect(try harness.card(0).marks == PhotoMarks(rating: 1))
        try harness.window.press("Escape")
        #expect(harness.titles == [["b.png", "d.png"]])
    }
}

/// The timeline, in-process: grouped by month (or day, or year) of the date taken (EXIF DateTimeOriginal, else the
/// file's modification time), newest first or oldest first, each section in the order taken when asked, titled in the
/// locale the environment names. (The headers' ink and the program's environment end to end:
/// ArrangementWindowTests.)
@Suite struct WallTimelineTests {
    static let english = Locale(identifier: "en_US")

    /// Three photos of March 2024, two of December 2023 (each named against the order taken) and one without EXIF
    /// modified on 15 July 2023.
    static func photos() throws -> WallHarness {
        let harness = try WallHarness()
        for (name, taken) in [
            ("m1", "2024:03:20 10:00:00"), ("m2", "2024:03:02 09:00:00"), ("m3", "2024:03:11 18:30:00"),
            ("d1", "2023:12:24 20:00:00"), ("d2", "2023:12:01 08:00:00"),
        ] {
            try harness.photo(name + ".png", exif: HeaderBytes.tiff(orientation: 1, date: taken, littleEndian: true))
        }
        try harness.photo("n.png", modified: 1_689_422_400)  // 2023-07-15 12:00 UTC
        return harness
    }

    @Test func monthsNewestFirstInTheOrderTaken() throws {
        let harness = try Self.photos()
        try harness.open(columns: .fixed(3)) {
            $0.arrangement.grouping = .month
            $0.order = .taken
        }
        #expect(harness.titles == [["m2.png", "m3.png", "m1.png"], ["d2.png", "d1.png"], ["n.png"]])
        var arrangement = harness.wall.arrangement
        #expect(arrangement.grouping == .month && arrangement.sortsByTaken && arrangement.newestPeriodFirst)
        #expect(
            arrangement.arranged(harness.wall.library.walked, locale: Self.english).sectionTitles == [
                "March 2024", "December 2023", "July 2023",
            ])
        #expect(harness.wall.items.sectionTitles == arrangement.arranged(harness.wall.library.walked).sectionTitles)
        let arranged = try #require(harness.events("arranged").last)
        #expect(arranged.int("items") == 6 && arranged.int("sections") == 3)
        // The footer counts months, not folders.
        try harness.window.press("End")
        let footers = harness.events("bar").filter { $0.string("kind") == "footer" }.map { $0.string("title") ?? "" }
        #expect(!footers.isEmpty && footers.allSatisfy { $0 == "6 photos in 3 months" }, "\(footers)")
        #expect(
            harness.wall.statusText == "by month · in the order taken · 6 photos in 1 folder · " + harness.cacheText)

        // Oldest first reverses the months; the order within each stays the order taken.
        arrangement.newestPeriodFirst = false
        harness.wall.arrangement = arrangement
        #expect(harness.titles == [["n.png"], ["d2.png", "d1.png"], ["m2.png", "m3.png", "m1.png"]])
        #expect(
            arrangement.arranged(harness.wall.library.walked, locale: Self.english).sectionTitles == [
                "July 2023", "December 2023", "March 2024",
            ])
        // By year, in the walk's order within each.
        arrangement.grouping = .year
        arrangement.sortsByTaken = false
        harness.wall.arrangement = arrangement
        #expect(harness.titles == [["d1.png", "d2.png", "n.png"], ["m1.png", "m2.png", "m3.png"]])
        #expect(harness.wall.items.sectionTitles == ["2023", "2024"])
    }

    @Test func daysAreSectionsOfTheirOwnAndANewDayComesLive() throws {
        let harness = try Self.photos()
        try harness.open(columns: .fixed(3)) { $0.arrangement.grouping = .day }
        #expect(
            harness.wall.arrangement.arranged(harness.wall.library.walked, locale: Self.english).sectionTitles == [
                "Wednesday, March 20, 2024", "Monday, March 11, 2024", "Saturday, March 2, 2024",
                "Sunday, December 24, 2023", "Friday, December 1, 2023", "Saturday, July 15, 2023",
            ])
        #expect(harness.wall.items.numberOfSections == 6)
        // A photo of a new day moved into the folder comes in its own section, first.
        let staged = harness.scratch + "/new.png"
        try harness.photo(
            "../new.png", exif: HeaderBytes.tiff(orientation: 1, date: "2025:01:05 09:00:00", littleEndian: true))
        let mark = harness.eventCount
        try WallLiveTests.rename(staged, to: harness.root + "/new.png")
        let arrived = try harness.waitForEvent("arranged", after: mark)
        #expect(arrived.int("items") == 7 && arrived.int("sections") == 7)
        #expect(harness.titles.first == ["new.png"])
        #expect(
            harness.wall.arrangement.arranged(harness.wall.library.walked, locale: Self.english).sectionTitles.first
                == "Sunday, January 5, 2025")
    }

    @Test func theTitlesAreInTheLanguageTheEnvironmentNames() throws {
        let harness = try Self.photos()
        try harness.open(columns: .fixed(3)) { $0.arrangement.grouping = .month }
        func titles(_ environment: [String: String]) -> [String] {
            harness.wall.arrangement.arranged(harness.wall.library.walked, locale: .forDates(environment: environment))
                .sectionTitles
        }
        #expect(
            titles(["LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_TIME": ""]) == ["März 2024", "Dezember 2023", "Juli 2023"])
        // LC_TIME comes before LANG, and LC_ALL before both.
        #expect(
            titles(["LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8", "LC_ALL": ""]) == [
                "mars 2024", "décembre 2023", "juillet 2023",
            ])
        #expect(
            titles(["LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8", "LC_ALL": "en_GB.UTF-8"]) == [
                "March 2024", "December 2023", "July 2023",
            ])
        #expect(Locale.forDates(environment: ["LANG": "de_DE.UTF-8@euro"]).identifier == "de_DE")
        #expect(Locale.forDates(environment: ["LANG": "C"]) == .current)
    }
}
