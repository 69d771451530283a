import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// Ctrl+C in the real window copies the selected cards' titles to the CLIPBOARD, read back by xclip (under timeout)
/// as another program would paste them: selections made with xdotool's clicks, Ctrl+clicks and Ctrl+A.
@Suite(.serialized)
struct ClipboardWindowTests {
    /// A small catalog with titles beyond ASCII: accents (in and out of Latin-1), CJK, an emoji.
    static let titles = [
        "Plain card",
        "Café au lait — crème brûlée",
        "瀑布流 Waterfall",
        "東京の夜",
        "Zürich Ölberg ÆØÅ",
        "😀 emoji card",
    ]

    /// The STRING target's text (ISO Latin-1): every character outside Latin-1 is one "?".
    static let latin1Titles = [
        "Plain card",
        "Café au lait ? crème brûlée",
        "??? Waterfall",
        "????",
        "Zürich Ölberg ÆØÅ",
        "? emoji card",
    ]

    static let options = ["--width", "800", "--height", "600", "--columns", "3"]

    /// Writes the catalog to a temporary file and returns its path.
    static func writeCatalog() throws -> String {
        let items = titles.map { title in
            ["title": title, "subtitle": "clipboard test", "color": "#3366AA", "aspect": 0.5, "category": "Clipboard"]
                as [String: Any]
        }
        let path = NSTemporaryDirectory() + "waterfall-clipboard-\(getpid()).json"
        try JSONSerialization.data(withJSONObject: items).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Presses Ctrl+C and returns the `copy` event it logged.
    @discardableResult
    func copy(_ demo: RunningDemo) throws -> Event {
        let start = demo.eventCount
        try demo.key("ctrl+c")
        return try demo.process.waitForEvent(after: start, "the copy event") { $0.name == "copy" }.event
    }

    @Test func ctrlCCopiesTheTitlesOfOneThreeAndAllCardsInIndexOrder() throws {
        let catalog = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let demo = try RunningDemo(Self.options + ["--catalog", catalog])
        let cards = try runLayoutCommand([
            "--catalog", catalog, "--width", String(Int(demo.cardsWidth)), "--columns", "3",
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        #expect(cards.map(\.index) == Array(0..<6))
        let display = demo.xvfb.display

        // One card: a click on card 4, then Ctrl+C.
        try demo.click(x: cards[4].midX, y: cards[4].midY)
        let one = try copy(demo)
        #expect(one.int("cards") == 1)
        #expect(one.int("bytes") == Self.titles[4].utf8.count)
        #expect(one["owned"] as? Bool == true)
        let read = try readClipboard(display: display)
        #expect(read.status == 0, "\(read.errors)")
        #expect(read.text == Self.titles[4])

        // Three: Ctrl+clicks add cards 2 and 1; the lines come in index order, not in the order of the clicks.
        try xdotool(["keydown", "Control_L"], display: display)
        try demo.click(x: cards[2].midX, y: cards[2].midY)
        try demo.click(x: cards[1].midX, y: cards[1].midY)
        try xdotool(["keyup", "Control_L"], display: display)
        let three = try copy(demo)
        let threeTitles = [1, 2, 4].map { Self.titles[$0] }.joined(separator: "\n")
        #expect(three.int("cards") == 3)
        #expect(three.int("bytes") == threeTitles.utf8.count)
        #expect(try readClipboard(display: display).data == Data(threeTitles.utf8))
        #expect(try readClipboard(target: "UTF8_STRING", display: display).data == Data(threeTitles.utf8))

        // All six: Ctrl+A, then Ctrl+C.
        try demo.key("ctrl+a")
        let all = try copy(demo)
        let allTitles = Self.titles.joined(separator: "\n")
        #expect(all.int("cards") == 6)
        #expect(all.int("bytes") == allTitles.utf8.count)
        #expect(try readClipboard(display: display).data == Data(allTitles.utf8))
        // The demo logs a request once it has answered it: the reader may have the data first.
        try waitUntil("the demo logged the fourth clipboard request") {
            demo.events(named: "clipboardRequest", after: 0).count >= 4
        }
        let requests = demo.events(named: "clipboardRequest", after: 0).map {
            "\($0.string("target") ?? "") \($0.int("bytes") ?? -1) \($0["incr"] as? Bool ?? true)"
        }
        #expect(
            requests == [
                "UTF8_STRING \(Self.titles[4].utf8.count) false", "UTF8_STRING \(threeTitles.utf8.count) false",
                "UTF8_STRING \(threeTitles.utf8.count) false", "UTF8_STRING \(allTitles.utf8.count) false",
            ])
        demo.expectNoXErrors()
    }

    @Test func targetsListsExactlyFiveStringIsLatin1TimestampIsTheKeysAndOtherTargetsAreRefused() throws {
        let catalog = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let demo = try RunningDemo(Self.options + ["--catalog", catalog])
        let display = demo.xvfb.display
        try demo.key("ctrl+a")
        let copied = try copy(demo)
        let time = try #require(copied.int("time"))
        #expect(time > 0)

        let targets = try readClipboard(target: "TARGETS", display: display)
        #expect(targets.status == 0)
        // xclip prints the atoms' names a line each
        #expect(targets.text == "TARGETS\nMULTIPLE\nTIMESTAMP\nUTF8_STRING\nSTRING\n")

        let latin1 = try readClipboard(target: "STRING", display: display)
        #expect(latin1.status == 0)
        #expect(latin1.data == Self.latin1Titles.joined(separator: "\n").data(using: .isoLatin1))

        let timestamp = try readClipboard(target: "TIMESTAMP", display: display)
        #expect(timestamp.status == 0)
        #expect(timestamp.text == "\(time)\n")  // xclip prints an INTEGER in decimal

        let start = demo.eventCount
        let png = try readClipboard(target: "image/png", display: display)
        #expect(png.status == 1)
        #expect(png.data.isEmpty)
        #expect(png.errors == "Error: target image/png not available\n")
        try demo.process.waitForEvent(after: start, "the refusal") {
            $0.name == "clipboardRefused" && $0.string("target") == "image/png"
        }

        // Refusing one target changes nothing for the others.
        #expect(try readClipboard(display: display).data == Data(Self.titles.joined(separator: "\n").utf8))
        demo.expectNoXErrors()
    }

    @Test func tenThousandCardsGoByIncrAndReadBackCompleteToTwoReadersAtOnce() throws {
        let demo = try RunningDemo(["--items", "10000", "--width", "800", "--height", "600"])
        let display = demo.xvfb.display
        try demo.key("ctrl+a")
        let copied = try copy(demo)
        let expected = (1...10_000).map { "Card \($0)" }
        let bytes = expected.joined(separator: "\n").utf8.count
        #expect(copied.int("cards") == 10_000)
        #expect(copied.int("bytes") == bytes)
        #expect(bytes > 65_536)  // more than one 64 KiB chunk

        // Two readers at once, UTF8_STRING and STRING: two INCR transfers side by side.
        let start = demo.eventCount
        let readers = [nil, "STRING"].map { target in
            let result = ResultBox()
            Thread.detachNewThread { result.finish(Result { try readClipboard(target: target, display: display) }) }
            return result
        }
        for reader in readers {
            let output = try reader.wait().get()
            #expect(output.status == 0, "\(output.errors)")
            let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.count == 10_000)
            #expect(lines == expected)
        }
        let first = try demo.process.waitForEvent(after: start, "the first transfer's end") {
            $0.name == "clipboardTransfer"
        }.position
        try demo.process.waitForEvent(after: first + 1, "the second transfer's end") { $0.name == "clipboardTransfer" }
        let requests = demo.events(named: "clipboardRequest", after: start)
        #expect(Set(requests.compactMap { $0.string("target") }) == ["UTF8_STRING", "STRING"])
        #expect(requests.allSatisfy { $0.int("bytes") == bytes && $0["incr"] as? Bool == true })
        let transfers = demo.events(named: "clipboardTransfer", after: start)
        #expect(transfers.allSatisfy { $0.int("bytes") == bytes && $0.string("end") == "completed" })
        demo.expectNoXErrors()
    }

    @Test func afterAnotherClientTakesTheClipboardTheWindowNoLongerAnswers() throws {
        let catalog = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let demo = try RunningDemo(Self.options + ["--catalog", catalog])
        let display = demo.xvfb.display
        try demo.key("ctrl+a")
        try copy(demo)
        #expect(try readClipboard(display: display).text == Self.titles.joined(separator: "\n"))

        let start = demo.eventCount
        let other = try XclipOwner(text: "copied elsewhere", display: display)
        let lost = try demo.process.waitForEvent(after: start, "the loss of the CLIPBOARD") {
            $0.name == "clipboardLost"
        }.position
        let read = try readClipboard(display: display)
        #expect(read.status == 0)
        #expect(read.text == "copied elsewhere")
        #expect(other.isRunning)
        // The read went to xclip: the window answered nothing after it lost the CLIPBOARD.
        #expect(demo.events(named: "clipboardRequest", after: lost).isEmpty)
        #expect(demo.events(named: "clipboardRefused", after: lost).isEmpty)

        // A new Ctrl+C takes it back, and xclip, having lost it, exits.
        let again = try copy(demo)
        #expect(again["owned"] as? Bool == true)
        #expect(try readClipboard(display: display).text == Self.titles.joined(separator: "\n"))
        demo.expectNoXErrors()
    }

    @Test func ctrlCWithNothingSelectedLeavesTheClipboardAlone() throws {
        let catalog = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let demo = try RunningDemo(Self.options + ["--catalog", catalog])
        let copied = try copy(demo)
        #expect(copied.int("cards") == 0)
        #expect(copied.int("bytes") == 0)
        #expect(copied["owned"] as? Bool == false)
        // No owner: the server refuses UTF8_STRING, xclip falls back on STRING, which is refused too.
        let read = try readClipboard(display: demo.xvfb.display)
        #expect(read.status == 1)
        #expect(read.data.isEmpty)
        #expect(read.errors == "Error: target STRING not available\n")
    }
}

/// One result handed from a reader thread to the test.
private final class ResultBox: @unchecked Sendable {
    private var result: Result<XclipOutput, Error>?
    private let done = DispatchSemaphore(value: 0)

    func finish(_ result: Result<XclipOutput, Error>) {
        self.result = result
        done.signal()
    }

    func wait() -> Result<XclipOutput, Error> {
        done.wait()
        return result ?? .failure(X11TestError("no result"))
    }
}

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
