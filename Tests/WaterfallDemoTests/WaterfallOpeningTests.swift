import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// What `waterfall` opens, as a file manager hands it paths: one photo opens in the lightbox among the other photos
/// of its folder (as eog and gThumb do), several files are exactly those, and `--help` speaks only of photos.
@Suite(.serialized) struct WaterfallOpeningTests {
    /// Thirty photos in one folder, each 300 × 200 of its own colour: "p01.png" … "p30.png" (natural order).
    static func folder() throws -> GeneratedImages {
        let folder = try GeneratedImages()
        for number in 1...30 { try folder.convert(["-size", "300x200", "xc:\(colour(number))", name(number)]) }
        return folder
    }

    static func name(_ number: Int) -> String { String(format: "p%02d.png", number) }

    /// Photo `number`'s colour: a distinct red and green, blue 0x80.
    static func colour(_ number: Int) -> String { String(format: "#%02X%02X80", number * 8, 255 - number * 8) }

    static func rgb(_ number: Int) -> RGB { RGB(UInt32(number * 8) << 16 | UInt32(255 - number * 8) << 8 | 0x80) }

    @Test func onePhotoOpensInTheLightboxAmongItsFolderAndEscapeShowsItSelectedOnTheWall() throws {
        let folder = try Self.folder()
        let shown = 25  // index 24: far below the first screen
        // A relative path, as a launcher in the folder would give it.
        let demo = try RunningDemo(
            [Self.name(shown), "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            directory: folder.root)
        let opened = try demo.waitForLightbox("picture", index: shown - 1, after: 0)
        #expect(opened.string("path") == folder.path(Self.name(shown)))
        let scanned = try #require(demo.events(named: "scanned", after: 0).last)
        #expect(scanned.int("found") == 30)
        // The photo fills the viewport's middle (800 × 600: fitted to 800 × 533, centred).
        #expect(try demo.screenshot().pixel(x: 400, y: 300) == Self.rgb(shown))

        let beforeEscape = demo.eventCount
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: shown - 1, after: beforeEscape)
        let frame = try demo.process.waitForEvent(after: beforeEscape, "the wall's pictures drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }.event
        let offset = try #require(frame.double("offset"))
        let layout = try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ])
        let card = try #require(layout.items.first { $0.index == shown - 1 })
        #expect(
            card.y >= offset && card.y + card.height <= offset + demo.viewportHeight,
            "card \(card) not in view at \(offset)")
        // On screen: its picture, and the selection's blue border at its left edge.
        let shot = try demo.screenshot()
        #expect(shot.pixel(x: Int(card.midX), y: Int(card.y - offset + 40)) == Self.rgb(shown))
        #expect(shot.pixel(x: Int(card.x) + 1, y: Int(card.midY - offset)) == RGB(0x0A64FF))

        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let exit = try #require(demo.events(named: "exit", after: 0).last)
        #expect(exit.ints("selected") == [shown - 1])
        demo.expectNoXErrors()
    }

    @Test func severalFilesAreExactlyThoseAndNoLightboxOpens() throws {
        let folder = try Self.folder()
        let demo = try RunningDemo(
            [folder.path(Self.name(7)), folder.path(Self.name(3)), "--width", "800", "--height", "620"],
            executable: "waterfall")
        try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let exit = try #require(demo.events(named: "exit", after: 0).last)
        #expect(exit.int("items") == 2)
        #expect(demo.events(named: "lightbox", after: 0).isEmpty)
        let paths = (exit.fields["elements"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        // In the folder's order (natural, by name), as a walk of those files gives them.
        #expect(paths == [folder.path(Self.name(3)), folder.path(Self.name(7))])
    }

    @Test func helpSpeaksOnlyOfPhotos() throws {
        let help = try DemoProcess(executable: "waterfall", arguments: ["--help"], display: nil)
        #expect(try help.waitForExit() == 0)
        let text = String(decoding: help.standardOutput, as: UTF8.self)
        for option in [
            "--recursive", "--sort", "--print-selection", "-0", "--cache-mb", "--no-thumbnail-cache", "--log-events",
            "--version", "--columns", "--width", "--scale", "--key-handler-nul", "Ctrl+X",
        ] {
            #expect(text.contains(option), "--help lacks \(option)")
        }
        for catalogOnly in [
            "--items", "--catalog", "--load-more", "--page-size", "--fail-every", "--heights", "--print-layout",
        ] {
            #expect(!text.contains(catalogOnly), "--help offers \(catalogOnly)")
        }
        #expect(text.hasPrefix("OVERVIEW: A wall of the photos in folders and files"))
        // The help's lines are wrapped to the terminal: the words are compared.
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.contains(
                "(JPEG, PNG, WebP, TIFF, GIF, JPEG XL, HEIC/HEIF, AVIF and camera RAW; an animation's first frame, a RAW's embedded preview)"
            ), "--help lists the formats shown")
        #expect(
            words.contains(
                "and videos (MP4, MOV, MKV, WebM: a poster frame with a play badge; Enter in the lightbox plays one with xdg-open)"
            ),
            "--help lists the videos shown")
    }

    @Test func thePhotosAliasOfTheDemoRunsTheProgram() throws {
        let version = try DemoProcess(arguments: ["photos", "--version"], display: nil)
        #expect(try version.waitForExit() == 0)
        #expect(String(decoding: version.standardOutput, as: UTF8.self) == "0.1.0\n")
        let refused = try DemoProcess(arguments: ["photos", "--items", "3"], display: nil)
        #expect(try refused.waitForExit() == 64)
        #expect(refused.standardError.hasPrefix("Error: Unknown option '--items'"))
    }

    @Test func aSlideshowDelayOutOfRangeIsRefusedNamingIt() throws {
        let refused = try DemoProcess(
            executable: "waterfall", arguments: ["--slideshow-delay", "0", "/tmp"], display: nil)
        #expect(try refused.waitForExit() == 64)
        #expect(refused.standardError.contains("--slideshow-delay is 0.0; it must be from 0.1 to 3600 seconds"))
    }

    /// A query that cannot be read is refused before a window opens, naming its column, with status 64.
    @Test func aSearchThatCannotBeReadIsRefusedNamingItsColumn() throws {
        let refused = try DemoProcess(
            executable: "waterfall", arguments: ["--search", "beach rating>=7", "/tmp"], display: nil)
        #expect(try refused.waitForExit() == 64)
        #expect(
            refused.standardError.hasPrefix(
                "Error: --search \"beach rating>=7\": column 15: rating is 0 to 5 stars, not “7”\n"))
    }
}
