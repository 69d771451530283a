import Foundation
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
