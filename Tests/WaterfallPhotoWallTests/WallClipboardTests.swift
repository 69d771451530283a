import Foundation
import SystemPackage
import Testing
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos

/// Ctrl+C puts the selected photos on the window's clipboard, in-process: the paths as text, `text/uri-list` and
/// `x-special/gnome-copied-files` for file managers, every byte of a name kept in the URIs. (That another program
/// reads them back through the server: PhotoSelectionOutTests.)
@Suite struct WallClipboardTests {
    /// Names that break naive outputs: a space, a percent sign, a newline, non-ASCII.
    static let names = ["a b.png", "50%.png", "new\nline.png", "café.png"]

    /// The URI of `path` as the clipboard's formats give it.
    static func uri(_ path: String) -> String {
        "file://" + path.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "\n", with: "%0A")
    }

    @Test func ctrlCCopiesTheSelectedPhotosAsFilesForFileManagersAndAsText() throws {
        let harness = try WallHarness()
        for name in Self.names { try harness.photo(name, width: 300, height: 200) }
        try harness.open(columns: .fixed(4))
        #expect(harness.titles == [["50%.png", "a b.png", "café.png", "new\nline.png"]])
        try harness.click(1)
        try harness.click(3, .control)
        #expect(harness.selectedIndices == [1, 3])
        let mark = harness.eventCount
        try harness.window.press("c")  // without Ctrl: the compare view, and no copy
        #expect(harness.wall.compare != nil)
        #expect(harness.window.clipboard == nil && harness.events("copy", after: mark).isEmpty)
        try harness.window.press("Escape")  // back, the two still selected
        #expect(harness.wall.compare == nil && harness.selectedIndices == [1, 3])
        try harness.window.press("c", .control)
        let files = [harness.root + "/a b.png", harness.root + "/new\nline.png"]
        let clipboard = try #require(harness.window.clipboard)
        #expect(clipboard.text == files.joined(separator: "\n"))
        #expect(clipboard.targets == ["text/uri-list", "x-special/gnome-copied-files"])
        #expect(
            harness.window.clipboardFormats["text/uri-list"] == Array(files.map { Self.uri($0) + "\r\n" }.joined().utf8)
        )
        #expect(
            harness.window.clipboardFormats["x-special/gnome-copied-files"]
                == Array((["copy"] + files.map(Self.uri)).joined(separator: "\n").utf8))
        let copied = try #require(harness.events("copy", after: mark).first)
        #expect(copied.int("cards") == 2 && copied.int("bytes") == clipboard.text.utf8.count)
        #expect(copied.bool("owned") == true && copied.int("time") != nil)
        #expect(harness.events("copy", after: mark).count == 1)

        // Ctrl+A, then Ctrl+C: every photo, a line each, in the wall's order.
        try harness.window.press("a", .control)
        try harness.window.press("c", .control)
        #expect(
            harness.window.clipboard?.text == harness.titles[0].map { harness.root + "/" + $0 }.joined(separator: "\n"))
    }

    @Test func ctrlCWithNothingSelectedLeavesTheClipboardAlone() throws {
        let harness = try WallHarness()
        try harness.photo("a.png")
        try harness.open()
        try harness.window.press("c", .control)
        #expect(harness.window.clipboard == nil)
        let copied = try #require(harness.events("copy").first)
        #expect(copied.int("cards") == 0 && copied.int("bytes") == 0 && copied.bool("owned") == false)
        #expect(copied.int("time") == nil)
    }

    @Test func aNameThatIsNotUTF8IsShownWithReplacementCharactersAndCopiedByteForByte() throws {
        let harness = try WallHarness()
        try harness.photo("a b.png", width: 300, height: 200)
        try harness.photo("made.png", width: 200, height: 300)
        // "bad", the bytes FF and FE (never UTF-8), ".png": only the system's calls can make the name.
        let badPath = Array(harness.root.utf8) + Array("/bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8)
        let renamed = (harness.root + "/made.png").withCString { from in
            (badPath.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { rename(from, $0.baseAddress!) }
        }
        #expect(renamed == 0)
        try harness.open(columns: .fixed(2))
        try harness.waitForPictures()
        #expect(harness.events("thumbnailFailed").isEmpty && harness.events("thumbnail").count == 2)
        #expect(harness.titles == [["a b.png", "bad\u{FFFD}\u{FFFD}.png"]])

        // Opened large: decoded from the file the name reaches, titled with U+FFFD.
        try harness.click(1)
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        try harness.wait("the lightbox's picture") { lightbox.isPictureShown }
        #expect(harness.window.title == "bad\u{FFFD}\u{FFFD}.png")
        let picture = try harness.waitForEvent("lightbox") { $0.string("action") == "picture" }
        #expect(picture.string("path") == harness.root + "/bad\u{FFFD}\u{FFFD}.png")
        try harness.window.press("Escape")

        // Copied: the URI escapes each byte; the text, which must be UTF-8, shows U+FFFD for each.
        try harness.window.press("a", .control)
        try harness.window.press("c", .control)
        #expect(harness.wall.selectedFiles.map(\.bytes) == [Array((harness.root + "/a b.png").utf8), badPath])
        let uris = ["file://" + harness.root + "/a%20b.png", "file://" + harness.root + "/bad%FF%FE.png"]
        #expect(harness.window.clipboardFormats["text/uri-list"] == Array(uris.map { $0 + "\r\n" }.joined().utf8))
        #expect(
            harness.window.clipboard?.text == harness.root + "/a b.png\n" + harness.root + "/bad\u{FFFD}\u{FFFD}.png")
    }
}
