import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The chosen photos leave the wall: Ctrl+C puts them on the CLIPBOARD as files (read back with xclip, target by
/// target), and `-o` / `-0` print their paths when the window closes, by `q` or by the window manager.
@Suite(.serialized)
struct PhotoSelectionOutTests {
    /// Names that break naive outputs: a space, a percent sign, a newline, non-ASCII.
    static let names = ["a b.png", "50%.png", "new\nline.png", "café.png"]

    /// A folder of the four photos, the wall open on it (walked to its end), and each card's frame in index order.
    private func openWall(
        _ extra: [String] = []
    ) throws -> (folder: GeneratedImages, demo: RunningDemo, cards: [LaidOutItem]) {
        let folder = try GeneratedImages()
        for name in Self.names { try folder.image(name, width: 300, height: 200) }
        let demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "600", "--columns", "4"] + extra, executable: "waterfall")
        try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        let cards = try runLayoutCommand([
            "--photos", folder.root, "--columns", "4", "--width", String(Int(demo.cardsWidth)),
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        #expect(cards.count == 4)
        return (folder, demo, cards)
    }

    /// The paths of the photos at `indices` of the wall (natural order: "50%", "a b", "café", "new\nline").
    private func paths(_ folder: GeneratedImages, _ indices: [Int]) -> [String] {
        let sorted = ["50%.png", "a b.png", "café.png", "new\nline.png"]
        return indices.map { folder.root + "/" + sorted[$0] }
    }

    /// What the program printed after its `exit` event's line.
    private func printedAfterExit(_ demo: RunningDemo) throws -> Data {
        let output = demo.process.standardOutput
        let exitLine = try #require(output.range(of: Data(#"{"event":"exit""#.utf8)))
        let end = try #require(output[exitLine.upperBound...].firstIndex(of: UInt8(ascii: "\n")))
        return output[(end + 1)...]
    }

    @Test func ctrlCCopiesTheSelectedPhotosAsFilesForFileManagersAndAsText() throws {
        let (folder, demo, cards) = try openWall()
        let display = demo.xvfb.display
        try demo.click(x: cards[1].midX, y: cards[1].midY)
        try xdotool(["keydown", "Control_L"], display: display)
        try demo.click(x: cards[3].midX, y: cards[3].midY)
        try xdotool(["keyup", "Control_L"], display: display)
        let start = demo.eventCount
        try demo.key("c")  // without Ctrl, nothing: the one copy event below is Ctrl+C's
        try demo.key("ctrl+c")
        let copied = try demo.process.waitForEvent(after: start, "the copy event") { $0.name == "copy" }.event
        // The keys are handled in order: a copy by the plain c would have been logged before Ctrl+C's.
        #expect(demo.events(named: "copy", after: start).count == 1)
        #expect(copied.int("cards") == 2)
        #expect(copied["owned"] as? Bool == true)

        let files = paths(folder, [1, 3])
        let uris = files.map {
            "file://" + $0.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "\n", with: "%0A")
        }
        let targets = try readClipboard(target: "TARGETS", display: display)
        #expect(
            targets.text
                == "TARGETS\nMULTIPLE\nTIMESTAMP\nUTF8_STRING\nSTRING\ntext/uri-list\nx-special/gnome-copied-files\n")
        #expect(
            try readClipboard(target: "text/uri-list", display: display).data
                == Data(uris.map { $0 + "\r\n" }.joined().utf8))
        #expect(
            try readClipboard(target: "x-special/gnome-copied-files", display: display).data
                == Data((["copy"] + uris).joined(separator: "\n").utf8))
        #expect(
            try readClipboard(target: "UTF8_STRING", display: display).data == Data(files.joined(separator: "\n").utf8))
        demo.expectNoXErrors()
    }

    @Test func dashOPrintsTheSelectedPathsOneALineWhenQCloses() throws {
        let (folder, demo, cards) = try openWall(["-o"])
        try demo.click(x: cards[0].midX, y: cards[0].midY)
        try xdotool(["keydown", "Control_L"], display: demo.xvfb.display)
        try demo.click(x: cards[2].midX, y: cards[2].midY)
        try xdotool(["keyup", "Control_L"], display: demo.xvfb.display)
        try demo.process.waitForEvent("the second selection") { $0.name == "select" && $0.int("index") == 2 }
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(try printedAfterExit(demo) == Data(paths(folder, [0, 2]).map { $0 + "\n" }.joined().utf8))
    }

    @Test func dashZeroEndsEachPathWithANulWhenTheWindowManagerCloses() throws {
        let (folder, demo, _) = try openWall(["-o", "-0"])
        let start = demo.eventCount
        try demo.key("ctrl+a")
        try demo.process.waitForEvent(after: start, "the last selection") {
            $0.name == "select" && $0.int("index") == 3
        }
        try sendDeleteWindow(to: demo.window, display: demo.xvfb.display)
        #expect(try demo.process.waitForExit() == 0)
        let expected: [UInt8] = paths(folder, [0, 1, 2, 3]).flatMap { Array($0.utf8) + [0] }
        #expect(try printedAfterExit(demo) == Data(expected))
    }

    @Test func nothingSelectedPrintsNothingAndMinusZeroAloneIsRefused() throws {
        let (_, demo, _) = try openWall(["-o"])
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(try printedAfterExit(demo).isEmpty)

        let refused = try DemoProcess(arguments: ["photos", "-0", "/tmp"], display: nil)
        #expect(try refused.waitForExit() == 64)
        #expect(refused.standardError.contains("-0 goes with -o (--print-selection)"))
    }

    @Test func aNameThatIsNotUTF8OpensAndLeavesByteForByteAndIsShownWithReplacementCharacters() throws {
        let folder = try GeneratedImages()
        try folder.image("a b.png", width: 300, height: 200)
        try folder.image("made.png", width: 200, height: 300)
        // "bad", the bytes FF and FE (never UTF-8), ".png": only the system's calls can make the name.
        let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8)
        let badPath = Array(folder.root.utf8) + [UInt8(ascii: "/")] + badName
        let renamed = (folder.root + "/made.png").withCString { from in
            (badPath.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { rename(from, $0.baseAddress!) }
        }
        #expect(renamed == 0)
        let demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "600", "--columns", "2", "-o", "-0"], executable: "waterfall")
        try demo.process.waitForEvent("both pictures") { _ in demo.events(named: "thumbnail", after: 0).count == 2 }
        #expect(demo.events(named: "thumbnailFailed", after: 0).isEmpty)
        let cards = try runLayoutCommand([
            "--photos", folder.root, "--columns", "2", "--width", String(Int(demo.cardsWidth)),
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        #expect(cards.count == 2)

        // Opened large: decoded from the file the name reaches, titled with U+FFFD.
        let display = demo.xvfb.display
        var start = demo.eventCount
        try demo.movePointer(x: cards[1].midX, y: cards[1].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: display)
        let picture = try demo.process.waitForEvent(after: start, "the lightbox's picture") {
            $0.name == "lightbox" && $0.string("action") == "picture"
        }
        #expect(picture.event.string("path") == folder.root + "/bad\u{FFFD}\u{FFFD}.png")
        let title = try runTool("xprop", ["-id", String(demo.window), "-notype", "_NET_WM_NAME"], display: display)
        #expect(String(decoding: title, as: UTF8.self) == "_NET_WM_NAME = \"bad\u{FFFD}\u{FFFD}.png\"\n")
        start = demo.eventCount
        try demo.key("Escape")
        try demo.process.waitForEvent(after: start, "the lightbox's close") {
            $0.name == "lightbox" && $0.string("action") == "close"
        }

        // Copied: the URI escapes each byte; the text, which must be UTF-8, shows U+FFFD for each.
        start = demo.eventCount
        try demo.key("ctrl+a")  // the photo shown is selected already: the other one joins it
        try demo.process.waitForEvent(after: start, "the other's selection") {
            $0.name == "select" && $0.int("index") == 0
        }
        start = demo.eventCount
        try demo.key("ctrl+c")
        try demo.process.waitForEvent(after: start, "the copy event") { $0.name == "copy" }
        let uris = ["file://" + folder.root + "/a%20b.png", "file://" + folder.root + "/bad%FF%FE.png"]
        #expect(
            try readClipboard(target: "text/uri-list", display: display).data
                == Data(uris.map { $0 + "\r\n" }.joined().utf8))
        #expect(
            try readClipboard(target: "UTF8_STRING", display: display).text
                == folder.root + "/a b.png\n" + folder.root + "/bad\u{FFFD}\u{FFFD}.png")

        // Printed: the paths' own bytes.
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let expected = Array((folder.root + "/a b.png").utf8) + [0] + badPath + [0]
        #expect(try printedAfterExit(demo) == Data(expected))
    }
}
