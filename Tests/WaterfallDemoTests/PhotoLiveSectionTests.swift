import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A live recursive wall stays what a walk afresh shows: folders made or moved in take their sorted places among the
/// sections, a removed one takes its section away, the footer follows the last section with the new counts, and every
/// count reads as people say it ("1 photo").
@Suite(.serialized)
struct PhotoLiveSectionTests {
    let images: GeneratedImages
    var wall: String { images.path("wall") }
    /// A window where the whole test wall fits: four columns of wide, short photos.
    static let options = ["--width", "1000", "--height", "1000", "--columns", "4", "--no-smooth"]

    init() throws {
        images = try GeneratedImages()
        for folder in ["wall", "staging"] {
            try FileManager.default.createDirectory(atPath: images.path(folder), withIntermediateDirectories: true)
        }
    }

    /// A wide photo (4:1) at `name` below the test's folder, its folders made first.
    func photo(_ name: String, colour: String = "#3060A0") throws {
        let folder = (images.path(name) as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try images.convert(["-size", "80x20", "xc:\(colour)", name])
    }

    /// Moves `staging/name` to `wall/name` in one step (`rename`), as a file manager moves a folder in.
    func moveIn(_ name: String) throws {
        guard rename(images.path("staging/\(name)"), wall + "/" + name) == 0 else {
            throw X11TestError("cannot move \(name) in: \(String(cString: strerror(errno)))")
        }
    }

    /// Waits for the `bar` event of the footer of `section` saying `text`, after the first `after` events, and returns
    /// the number of events up to it.
    @discardableResult
    func waitForFooter(_ demo: RunningDemo, section: Int, _ text: String, after: Int) throws -> Int {
        try demo.process.waitForEvent(after: after, "the footer of section \(section) saying \(text)") {
            $0.name == "bar" && $0.string("kind") == "footer" && $0.int("section") == section
                && $0.string("title") == text
        }.position + 1
    }

    /// Quits with `q` and returns the `exit` event, the status having been 0.
    func quit(_ demo: RunningDemo) throws -> Event {
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        return try #require(demo.events(named: "exit", after: 0).last)
    }

    @Test func foldersMadeMovedInRemovedAndFilledLiveLeaveTheWallAsAWalkAfreshShowsIt() throws {
        // wall/b (1 photo), wall/d (2), wall/empty (none yet), wall/z (1); the wall's own folder has none.
        for name in [
            "wall/b/b1.png", "wall/d/d1.png", "wall/d/d2.png", "wall/z/z1.png", "staging/c/c1.png", "staging/a/a1.png",
            "staging/e1.png",
        ] {
            try photo(name)
        }
        try FileManager.default.createDirectory(atPath: wall + "/empty", withIntermediateDirectories: false)
        let demo = try RunningDemo([wall, "--recursive"] + Self.options, executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        var seen = try waitForFooter(demo, section: 2, "4 photos in 3 folders", after: 0)
        seen = max(seen, scanned.position + 1)

        try moveIn("c")  // between b and d
        let c = try demo.process.waitForEvent(after: seen, "c's card") {
            $0.name == "update" && $0.string("kind") == "insert"
        }
        #expect(c.event.ints("indices") == [1])
        seen = try waitForFooter(demo, section: 3, "5 photos in 4 folders", after: seen)  // z, moved down, asked again

        try moveIn("a")  // before every other section
        let a = try demo.process.waitForEvent(after: c.position + 1, "a's card") {
            $0.name == "update" && $0.string("kind") == "insert"
        }
        #expect(a.event.ints("indices") == [0])
        seen = try waitForFooter(demo, section: 4, "6 photos in 5 folders", after: seen)

        try FileManager.default.removeItem(atPath: wall + "/z")  // the last section: the footer goes to d's
        let z = try demo.process.waitForEvent(after: a.position + 1, "z's card gone") {
            $0.name == "update" && $0.string("kind") == "delete"
        }
        #expect(z.event.ints("indices") == [5])
        seen = try waitForFooter(demo, section: 3, "5 photos in 4 folders", after: seen)

        guard rename(images.path("staging/e1.png"), wall + "/empty/e1.png") == 0 else {
            throw X11TestError("cannot move e1.png in")
        }
        let e = try demo.process.waitForEvent(after: z.position + 1, "e1's card") {
            $0.name == "update" && $0.string("kind") == "insert"
        }
        #expect(e.event.ints("indices") == [5])
        seen = try waitForFooter(demo, section: 4, "6 photos in 5 folders", after: seen)
        let header = try demo.process.waitForEvent(after: z.position + 1, "the filled folder's header") {
            $0.name == "bar" && $0.string("kind") == "header" && $0.int("section") == 4
        }
        #expect(header.event.string("title") == "wall/empty" && header.event.string("detail") == "1 photo")

        // What a person sees: ink in the footer's band, under the last section.
        let afresh = try runLayoutCommand([
            "--photos", wall, "--recursive", "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "4",
        ])
        #expect(afresh.summary.int("sections") == 5)
        try #require((afresh.summary.double("contentHeight") ?? .infinity) <= demo.viewportHeight)  // all in view
        let footer = try #require(afresh.elements.last)
        #expect(footer.kind == "footer" && footer.section == 4)
        try demo.process.waitForEvent(after: seen, "a frame with every picture") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-live-sections.png"))
        let (left, top) = (
            Int(footer.x + (demo.ready.double("viewport", "x") ?? 0)),
            Int(footer.y + (demo.ready.double("viewport", "y") ?? 0))
        )
        let background = shot.pixel(x: left, y: top)
        let ink = (top..<(top + Int(footer.height))).flatMap { y in
            (left..<(left + Int(footer.width))).filter { shot.pixel(x: $0, y: y) != background }
        }
        #expect(ink.count > 50, "\(ink.count) pixels of text in the footer")

        let exit = try quit(demo)
        let elements = try #require(exit["elements"] as? [[String: Any]]).map(LaidOutItem.init(fields:))
        #expect(elements == afresh.elements)
        #expect(elements.filter { $0.kind == "footer" }.map(\.section) == [4])
        #expect(exit.string("status") == "6 photos in 5 folders · cache 0/256 MB")
        demo.expectNoXErrors()
    }

    @Test func aFolderOfOnePhotoSaysOnePhotoInOneFolder() throws {
        try photo("wall/only.png")
        let demo = try RunningDemo([wall] + Self.options, executable: "waterfall")
        try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        let bars = try demo.process.waitForEvent("the footer") { $0.name == "bar" && $0.string("kind") == "footer" }
        let header = try #require(demo.events(named: "bar", after: 0).first { $0.string("kind") == "header" })
        #expect(header.string("title") == "wall" && header.string("detail") == "1 photo")
        #expect(bars.event.string("title") == "1 photo in 1 folder")
        let exit = try quit(demo)
        #expect(exit.string("status") == "1 photo in 1 folder · cache 0/256 MB")
        demo.expectNoXErrors()
    }
}
