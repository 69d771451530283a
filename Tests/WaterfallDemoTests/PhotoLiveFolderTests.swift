import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The photo wall keeps up with its folders: a photo copied in appears in its sorted place without moving the card at
/// the top of the window, a deleted one leaves, a replaced one is decoded again, a burst of files is a few relayouts,
/// and a folder removed takes its section away.
@Suite(.serialized)
struct PhotoLiveFolderTests {
    let images: GeneratedImages
    var photos: String { images.path("photos") }
    static let options = ["--width", "800", "--height", "620", "--columns", "3", "--no-smooth"]

    /// 12 photos, `p10.png` to `p21.png`, of varied aspects, and `staging/` beside the folder for the files to come.
    init() throws {
        images = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: images.path("staging"), withIntermediateDirectories: true)
        for number in 10...21 {
            _ = try images.convert(["-size", "40x\(30 + (number * 17) % 50)", "xc:#3060A0", "photos/p\(number).png"])
        }
    }

    /// The wall of `photos` (with the `extra` options), once every card in view has its picture.
    func launch(_ extra: [String] = []) throws -> (demo: RunningDemo, drawn: Int) {
        let demo = try RunningDemo([photos] + Self.options + extra, executable: "waterfall")
        let drawn = try demo.process.waitForEvent("every picture in view drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
        }
        return (demo, drawn.position)
    }

    /// The frames `layout --photos` gives the folder as it is now, at the window's size.
    func layout(_ demo: RunningDemo) throws -> [LaidOutItem] {
        try runLayoutCommand([
            "--photos", photos, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ]).items
    }

    /// Moves `staging/name` into the folder in one step (`rename`, replacing a file of that name), as a camera
    /// import or an editor's save finishes.
    func moveIn(_ name: String) throws {
        guard rename(images.path("staging/\(name)"), photos + "/" + name) == 0 else {
            throw X11TestError("cannot move \(name) in: \(String(cString: strerror(errno)))")
        }
    }

    /// Waits for the `update` of `kind` after the first `after` events.
    @discardableResult
    func waitForUpdate(_ demo: RunningDemo, _ kind: String, after: Int) throws -> (event: Event, position: Int) {
        try demo.process.waitForEvent(after: after, "an update of kind \(kind)") {
            $0.name == "update" && $0.string("kind") == kind
        }
    }

    /// Quits with `q` and returns the `exit` event, the status having been 0.
    func quit(_ demo: RunningDemo) throws -> Event {
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        return try #require(demo.events(named: "exit", after: 0).last)
    }

    @Test func aPhotoCopiedInTakesItsSortedPlaceAndTheTopCardStaysPut() throws {
        let (demo, drawn) = try launch()
        try demo.wheel(notches: 2)
        let scrolled = try demo.waitForFrame(after: drawn, offset: 2 * demo.wheelStep)
        let offset = 2 * demo.wheelStep
        let before = try layout(demo)
        // The card the window keeps in place: the first in view by its top, then its left edge.
        let inView = before.filter { $0.y + $0.height > offset && $0.y < offset + demo.viewportHeight }
        let anchor = try #require(inView.min { ($0.y, $0.x) < ($1.y, $1.x) })

        _ = try images.convert(["-size", "40x60", "xc:#D02010", "staging/p05.png"])
        try moveIn("p05.png")
        let update = try waitForUpdate(demo, "insert", after: scrolled)
        #expect(update.event.ints("indices") == [0])
        #expect(update.event.int("items") == 13)
        let after = try layout(demo)
        #expect(after.count == 13)
        let moved = after[anchor.index + 1]  // the same photo, one card on
        let frame = try demo.process.waitForEvent(after: update.position, "the frame after the insert") {
            $0.name == "frame"
        }
        #expect(frame.event.double("offset") == offset + moved.y - anchor.y)
        #expect(demo.events(named: "layout", after: scrolled).count == 1)
        // Its picture is decoded when it comes into view: at the top.
        try demo.key("Home")
        try demo.process.waitForEvent(after: update.position, "the new photo's picture") {
            $0.name == "thumbnail" && $0.int("index") == 0
        }
        demo.expectNoXErrors()
    }

    @Test func aDeletedPhotoLeavesAndAReplacedOneIsDecodedAgain() throws {
        let (demo, drawn) = try launch()
        try FileManager.default.removeItem(atPath: photos + "/p11.png")
        let deleted = try waitForUpdate(demo, "delete", after: drawn)
        #expect(deleted.event.ints("indices") == [1])
        #expect(deleted.event.int("items") == 11)

        // p10.png becomes a wide photo of another colour: the same card, taller no more, its picture decoded again.
        let before = demo.eventCount
        _ = try images.convert(["-size", "80x20", "xc:#10A040", "staging/p10.png"])
        try moveIn("p10.png")
        let replaced = try waitForUpdate(demo, "replace", after: before)
        #expect(replaced.event.ints("indices") == [0])
        #expect(replaced.event.int("items") == 11)
        let thumbnail = try demo.process.waitForEvent(after: replaced.position, "the replaced photo's picture") {
            $0.name == "thumbnail" && $0.int("index") == 0
        }
        let card = try #require(try layout(demo).first)
        let width = Int((card.x + card.width).rounded() - card.x.rounded())  // the device pixels the frame covers
        #expect(thumbnail.event.int("width") == width)
        #expect(thumbnail.event.int("height") == Int((Double(width) / 4).rounded()))
        _ = try demo.process.waitForEvent(after: thumbnail.position, "the frame that draws it") { $0.name == "frame" }
        let shot = try demo.screenshot()
        #expect(shot.pixel(x: Int(card.midX), y: Int(card.y) + 2) == RGB(0x10A040))
        demo.expectNoXErrors()
    }

    @Test func fiveHundredFilesInABurstAreAFewRelayouts() throws {
        let (demo, drawn) = try launch()
        let one = try Data(
            contentsOf: URL(fileURLWithPath: try images.convert(["-size", "30x40", "xc:#806040", "one.png"])))
        let burst = images.path("burst")
        try FileManager.default.createDirectory(atPath: burst, withIntermediateDirectories: true)
        for number in 0..<500 { try one.write(to: URL(fileURLWithPath: burst + "/import\(number).png")) }
        // One `cp`, as a camera import copies: each file created, written and closed in turn.
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/sh")
        copy.arguments = ["-c", "cp \"$0\"/*.png \"$1\"", burst, photos]
        try copy.run()
        copy.waitUntilExit()
        #expect(copy.terminationStatus == 0)
        let last = try demo.process.waitForEvent(after: drawn, "all 512 photos") {
            $0.name == "update" && $0.int("items") == 512
        }
        let relayouts = demo.events(named: "layout", after: drawn).count
        #expect(relayouts >= 1 && relayouts <= 10, "\(relayouts) relayouts")
        let inserted = demo.process.events.prefix(last.position + 1).dropFirst(drawn).filter { $0.name == "update" }
            .flatMap { $0.ints("indices") ?? [] }
        #expect(inserted.count == 500)
        #expect(demo.events(named: "update", after: drawn).allSatisfy { $0.string("kind") == "insert" })
        #expect(try quit(demo).int("items") == 512)
    }

    @Test func underARecursiveWallAFolderMovedInOrMadeGetsItsSections() throws {
        let (demo, drawn) = try launch(["--recursive"])
        // A folder moved in whole, with a photo of its own and one in a subfolder.
        try FileManager.default.createDirectory(
            atPath: images.path("staging/trip/day2"), withIntermediateDirectories: true)
        _ = try images.convert(["-size", "40x60", "xc:#A03060", "staging/trip/t1.png"])
        _ = try images.convert(["-size", "40x50", "xc:#A03060", "staging/trip/day2/t2.png"])
        try moveIn("trip")
        let trip = try waitForUpdate(demo, "insert", after: drawn)
        #expect(trip.event.ints("indices") == [12, 13])
        #expect(trip.event.int("items") == 14)
        // A folder made empty, then a photo moved into it: walked when it appears, or watched and then changed.
        try FileManager.default.createDirectory(atPath: photos + "/later", withIntermediateDirectories: false)
        _ = try images.convert(["-size", "40x40", "xc:#A03060", "staging/l1.png"])
        guard rename(images.path("staging/l1.png"), photos + "/later/l1.png") == 0 else {
            throw X11TestError("cannot move l1.png in")
        }
        let later = try waitForUpdate(demo, "insert", after: trip.position + 1)
        #expect(later.event.ints("indices") == [12])  // "later" sorts before "trip": its section goes between
        #expect(later.event.int("items") == 15)
        // The moved-in folder's last picture is decoded when it comes into view: at the end.
        try demo.key("End")
        try demo.process.waitForEvent(after: later.position, "trip/day2's picture") {
            $0.name == "thumbnail" && $0.int("index") == 14
        }
        let exit = try quit(demo)
        #expect(exit.int("items") == 15)
        let paths = (exit["elements"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.suffix(3) == ["later/l1.png", "trip/t1.png", "trip/day2/t2.png"].map { photos + "/" + $0 })
        demo.expectNoXErrors()
    }

    @Test func aRemovedFolderTakesItsSectionAwayAndTheWindowGoesOn() throws {
        let (demo, drawn) = try launch()
        try FileManager.default.removeItem(atPath: photos)
        // The files go one by one: inotify may report the first apart from the rest on a loaded machine, so the
        // deletions come in one update or more, each naming cards by their indices before it; the last leaves none.
        let last = try demo.process.waitForEvent(after: drawn, "the update that leaves no card") {
            $0.name == "update" && $0.string("kind") == "delete" && $0.int("items") == 0
        }
        let deletions = demo.events(named: "update", after: drawn).filter { $0.string("kind") == "delete" }
        #expect(deletions.map { $0.ints("indices")?.count ?? 0 }.reduce(0, +) == 12)
        #expect(deletions.last?.int("items") == last.event.int("items"))
        let exit = try quit(demo)
        #expect(exit.int("items") == 0)
        #expect((exit["elements"] as? [Any])?.isEmpty == true)  // no header left: the empty view
        #expect(exit.string("status") == "0 photos in 0 folders · cache 0/256 MB")
        demo.expectNoXErrors()
    }
}
