import Foundation
import PhotoTestSupport
import Testing
import WaterfallLibrary
import WaterfallPhotoWall
import XvfbSupport

extension GeneratedImages {
    /// The folder's path.
    var root: String { folder.path }

    /// A solid `width` × `height` image of `colour` named `name` (its format from the name).
    func image(_ name: String, width: Int, height: Int, colour: String = "gray") throws {
        try convert(["-size", "\(width)x\(height)", "xc:\(colour)", name])
    }
}

/// The photo wall end to end: `layout --photos` and the window lay out a folder's photos at their upright aspects, and
/// the screen shows each picture filling its card, turned upright, scaled when the columns narrow, a broken photo's
/// card, the empty view, a folder's live changes, and 10,000 photos scrolled within the memory budget. (The walk, the
/// batches, the resize's scaling and the live updates' logic in-process: WallWalkTests, WallResizeTests, WallLiveTests.)
@Suite(.serialized)
struct PhotoWallTests {
    @Test func layoutPrintsEachPhotosFrameAtItsAspectWithItsPathInNaturalOrder() throws {
        let folder = try GeneratedImages()
        try folder.image("img10.jpg", width: 400, height: 300)
        try folder.image("img2.png", width: 300, height: 400)
        try folder.image("img1.webp", width: 200, height: 200)
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder.root + "/readme.jpg"))
        let output = try runLayoutCommand(["--photos", folder.root, "--columns", "3", "--width", "612"])
        let process = try DemoProcess(
            arguments: ["layout", "--photos", folder.root, "--columns", "3", "--width", "612"], display: nil)
        #expect(try process.waitForExit() == 0)
        let paths = process.events.compactMap { $0.string("path") }
        #expect(paths == ["img1.webp", "img2.png", "img10.jpg"].map { folder.root + "/" + $0 })
        #expect(output.summary.int("items") == 3)
        let columnWidth = try #require(output.summary.double("columnWidth"))
        let heights = output.items.map(\.height)
        let caption = heights[0] - columnWidth  // a square picture: the rest is the caption
        #expect(heights[1] == (columnWidth * 4 / 3).rounded() + caption)
        #expect(heights[2] == (columnWidth * 3 / 4).rounded() + caption)
        #expect(output.elements.first?.kind == "header")
    }

    @Test func aFolderWithoutPhotosShowsTheEmptyViewNamingIt() throws {
        let folder = try GeneratedImages()
        try Data("nothing to see".utf8).write(to: URL(fileURLWithPath: folder.root + "/notes.txt"))
        let demo = try RunningDemo([folder.root, "--width", "800", "--height", "620"], executable: "waterfall")
        #expect(demo.ready.int("items") == 0)
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 0 && scanned.event.int("skipped") == 1)
        try demo.process.waitForEvent(after: scanned.position, "the frame after it") { $0.name == "frame" }
        let shot = try demo.screenshot()
        #expect(shot.pixel(x: 400, y: 300 - 20) == RGB(0xFFFFFF))  // the message panel
        demo.expectNoXErrors()
    }

    @Test func aRootThatIsNotThereIsNamedWithItsReasonOnScreenAndOnStderr() throws {
        let folder = try GeneratedImages()
        let missing = folder.root + "/no/such/folder"
        let demo = try RunningDemo([missing, "--width", "800", "--height", "620"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 0 && scanned.event.int("unreadable") == 1)
        try demo.process.waitForEvent(after: scanned.position, "the frame after it") { $0.name == "frame" }
        #expect(demo.process.standardError.contains("waterfall: \(missing): No such file or directory\n"))
        // The message panel, white, with the reason's text in it (MessageView's text colour, #1F2328).
        let shot = try demo.screenshot()
        #expect(shot.pixel(x: 400, y: 300 - 20) == RGB(0xFFFFFF))
        let ink = shot.textInk(xs: 0..<800, ys: 250..<350, ink: RGB(0x1F2328), background: RGB(0xFFFFFF))
        #expect(ink.isText(minimumSolid: 200, minimumShades: 10), "the message: \(ink)")
        demo.expectNoXErrors()
    }

    @Test func eachPictureFillsExactlyItsCardsPictureFrameAndABrokenOneSaysWhy() throws {
        let folder = try GeneratedImages()
        try folder.image("a-solid.png", width: 400, height: 300, colour: "#C03020")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)).write(
            to: URL(fileURLWithPath: folder.root + "/b-broken.jpg"))
        let demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 2 && scanned.event.int("skipped") == 0)
        let decoded = try demo.process.waitForEvent("the solid photo's thumbnail") { $0.name == "thumbnail" }
        let failed = try demo.process.waitForEvent("the broken photo's failure") { $0.name == "thumbnailFailed" }
        #expect(
            failed.event.string("reason") == "truncated JPEG"
                && failed.event.string("path") == folder.root + "/b-broken.jpg")
        let drawn = try demo.process.waitForEvent(
            after: max(decoded.position, failed.position), "every picture in view drawn"
        ) {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        // The one picture went to the server once, through shared memory (Xvfb has MIT-SHM).
        #expect(drawn.event.int("uploads", "sharedMemory") == 1 && drawn.event.int("uploads", "putImage") == 0)
        let thumbnail = decoded.event
        let layout = try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ])
        let solid = layout.items[0]
        // The picture's frame in whole pixels, its edges rounded as the canvas rounds them.
        let left = Int(solid.x.rounded())
        let width = Int((solid.x + solid.width).rounded()) - left
        let height = Int((Double(width) * 3 / 4).rounded())
        #expect(thumbnail.int("width") == width && thumbnail.int("height") == height)
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-wall.png"))
        let picture = (x: left, y: Int(solid.y.rounded()), width: width, height: height)
        for (x, y) in [
            (0, 0), (picture.width - 1, 0), (0, picture.height - 1), (picture.width - 1, picture.height - 1),
            (picture.width / 2, picture.height / 2),
        ] {
            #expect(shot.pixel(x: picture.x + x, y: picture.y + y) == RGB(0xC03020), "(\(x), \(y))")
        }
        // the caption below
        #expect(shot.pixel(x: picture.x + picture.width / 2, y: picture.y + picture.height) != RGB(0xC03020))
        let broken = layout.items[1]
        #expect(shot.pixel(x: Int(broken.x) + 5, y: Int(broken.y) + 5) == RGB(0xF3D6D6))  // the error card's picture
        demo.expectNoXErrors()
    }

    @Test func scrollingPastTenThousandPhotosAtSpeedDecodesOnlyWhatCameIntoView() throws {
        let folder = try GeneratedImages()
        try folder.image("seed.png", width: 40, height: 30, colour: "#3070B0")
        let png = try Data(contentsOf: URL(fileURLWithPath: folder.root + "/seed.png"))
        for index in 0..<9_999 { try png.write(to: URL(fileURLWithPath: folder.root + "/p\(index).png")) }
        let demo = try RunningDemo(
            [folder.root, "--width", "1000", "--height", "720", "--no-smooth"], executable: "waterfall")
        try demo.process.waitForEvent(limit: 60, "the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try demo.wheel(notches: 40)  // at speed: no wait between notches
        try demo.key("End")
        let end = try demo.process.waitForEvent("the bottom") {
            $0.name == "frame" && ($0.double("offset") ?? 0) > 100_000
        }
        try demo.process.waitForEvent(after: end.position, "the bottom's pictures") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        try demo.key("Home")
        let top = try demo.process.waitForEvent(after: end.position, "the top again") {
            $0.name == "frame" && $0.double("offset") == 0
        }
        try demo.process.waitForEvent(after: top.position, "the top's pictures") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let decoded = demo.events(named: "thumbnail", after: 0).count
        // About 15 cards a screen: the top, 40 notches (a few screens), one screen ahead of each, and the bottom.
        #expect(decoded > 15 && decoded < 400, "\(decoded) of 10,000 photos decoded")
        // The memory stays within the pictures' budget (256 MB by default) and 100 MB: the peak resident set.
        let pid = try #require(demo.process.processIdentifier)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peakKB = try #require(
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
                .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") })
        #expect(peakKB < (256 + 100) * 1024, "peak RSS \(peakKB / 1024) MB")
        demo.expectNoXErrors()
    }

    @Test func everyOrientationShowsItsRedCornerTopLeftOnTheWall() throws {
        let folder = try GeneratedImages()
        for orientation in 1...8 { _ = try folder.orientedJPEG(orientation, name: "o\(orientation).jpg") }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.root)
        where !file.hasSuffix(".jpg") || file.contains("plain") {
            try FileManager.default.removeItem(atPath: folder.root + "/" + file)
        }
        let demo = try RunningDemo(
            [folder.root, "--width", "1000", "--height", "720", "--columns", "4"], executable: "waterfall")
        try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        let decoded = try demo.process.waitForEvent("eight pictures") { _ in
            Set(demo.events(named: "thumbnail", after: 0).compactMap { $0.int("index") }).count == 8
        }
        try demo.process.waitForEvent(after: decoded.position, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let layout = try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "4",
        ])
        #expect(layout.items.count == 8)
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-orientations.png"))
        for card in layout.items {
            // Every picture is 64 × 48 upright (a quarter of it red at the top left): 4:3 in its card.
            let width = Double(Int((card.x + card.width).rounded()) - Int(card.x.rounded()))
            let pictureHeight = (width * 3 / 4).rounded()
            let (left, top) = (Int(card.x.rounded()), Int(card.y.rounded()))
            func isRed(_ pixel: RGB?) -> Bool { pixel.map { $0.red > 200 && $0.blue < 80 } ?? false }
            func isBlue(_ pixel: RGB?) -> Bool { pixel.map { $0.blue > 200 && $0.red < 80 } ?? false }
            #expect(
                isRed(shot.pixel(x: left + 4, y: top + 4)),
                "card \(card.index): top left \(String(describing: shot.pixel(x: left + 4, y: top + 4)))")
            #expect(isBlue(shot.pixel(x: left + Int(width) - 5, y: top + 4)), "card \(card.index): top right")
            #expect(isBlue(shot.pixel(x: left + 4, y: top + Int(pictureHeight) - 5)), "card \(card.index): bottom left")
            #expect(
                isBlue(shot.pixel(x: left + Int(width) - 5, y: top + Int(pictureHeight) - 5)),
                "card \(card.index): bottom right")
        }
        demo.expectNoXErrors()
    }

    @Test func narrowerColumnsScaleTheDecodedThumbnailsInsteadOfDecodingAgain() throws {
        let folder = try GeneratedImages()
        for index in 0..<6 { try folder.image("p\(index).png", width: 400, height: 300, colour: "#2080C0") }
        let demo = try RunningDemo(
            [folder.root, "--width", "1000", "--height", "720", "--columns", "3"], executable: "waterfall")
        let first = try demo.process.waitForEvent("six pictures") { _ in
            demo.events(named: "thumbnail", after: 0).count == 6
        }
        try demo.process.waitForEvent(after: first.position, "drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let before = demo.eventCount
        try demo.resize(width: 800, height: 720)  // narrower columns
        let layout = try demo.process.waitForEvent(after: before, "the new layout") { $0.name == "layout" }
        try demo.process.waitForEvent(after: layout.position, "the narrower pictures drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let shot = try demo.screenshot()
        let cards = try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth) - 200), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ]).items
        let card = try #require(cards.first)
        let right = Int((card.x + card.width).rounded()) - 3
        // the picture reaches the narrower edge
        #expect(shot.pixel(x: right, y: Int(card.y.rounded()) + 3) == RGB(0x2080C0))
        #expect(demo.events(named: "thumbnail", after: before).isEmpty)  // scaled, not decoded again
        demo.expectNoXErrors()
    }

    /// The wall as its folders change under it, on the screen: a photo replaced shows its new picture, and a folder
    /// moved in takes its section, the footer (its text drawn) moving under it; the wall is then what a walk afresh
    /// lays out. (The updates' logic, and every count: WallLiveTests and WallLiveSectionTests.)
    @Test func aLiveFolderChangeShowsOnTheScreen() throws {
        let images = try GeneratedImages()
        let wall = images.path("wall")
        for folder in ["wall/b", "staging/c"] {
            try FileManager.default.createDirectory(atPath: images.path(folder), withIntermediateDirectories: true)
        }
        _ = try images.convert(["-size", "80x20", "xc:#3060A0", "wall/b/b1.png"])
        _ = try images.convert(["-size", "80x20", "xc:#3060A0", "staging/c/c1.png"])
        let demo = try RunningDemo(
            [wall, "--recursive", "--width", "1000", "--height", "1000", "--columns", "4", "--no-smooth"],
            executable: "waterfall")
        let drawn = try demo.process.waitForEvent("every picture in view drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
        }
        func moveIn(_ from: String, _ to: String) throws {
            guard rename(images.path(from), images.path(to)) == 0 else {
                throw X11TestError("cannot move \(from) in: \(String(cString: strerror(errno)))")
            }
        }
        // b1.png becomes a photo of another colour, in one step: the same card, its picture decoded again.
        _ = try images.convert(["-size", "80x20", "xc:#10A040", "staging/b1.png"])
        try moveIn("staging/b1.png", "wall/b/b1.png")
        let replaced = try demo.process.waitForEvent(after: drawn.position, "the replace") {
            $0.name == "update" && $0.string("kind") == "replace"
        }
        #expect(replaced.event.ints("indices") == [0])
        // c moved in: its section after b's, and the footer asked again under it with the new counts.
        try moveIn("staging/c", "wall/c")
        let inserted = try demo.process.waitForEvent(after: replaced.position, "the insert") {
            $0.name == "update" && $0.string("kind") == "insert"
        }
        #expect(inserted.event.ints("indices") == [1])
        // (asked in the batch that inserts the card, before its `update` is logged)
        try demo.process.waitForEvent(after: replaced.position, "the footer under c") {
            $0.name == "bar" && $0.string("kind") == "footer" && $0.int("section") == 1
                && $0.string("title") == "2 photos in 2 folders"
        }
        for index in [0, 1] {
            try demo.process.waitForEvent(after: replaced.position, "card \(index)'s picture") {
                $0.name == "thumbnail" && $0.int("index") == index
            }
        }
        let last = try demo.syncWithAPull(after: demo.eventCount)
        try demo.process.waitForEvent(after: last, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let afresh = try runLayoutCommand([
            "--photos", wall, "--recursive", "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "4",
        ])
        try #require((afresh.summary.double("contentHeight") ?? .infinity) <= demo.viewportHeight)  // all in view
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-live.png"))
        let origin = (x: demo.ready.double("viewport", "x") ?? 0, y: demo.ready.double("viewport", "y") ?? 0)
        let card = afresh.items[0]
        #expect(shot.pixel(x: Int(origin.x + card.midX), y: Int(origin.y + card.y) + 2) == RGB(0x10A040))
        // What a person sees: ink in the footer's band, under the last section.
        let footer = try #require(afresh.elements.last)
        #expect(footer.kind == "footer" && footer.section == 1)
        let (left, top) = (Int(origin.x + footer.x), Int(origin.y + footer.y))
        let background = shot.pixel(x: left, y: top)
        let ink = (top..<(top + Int(footer.height))).flatMap { y in
            (left..<(left + Int(footer.width))).filter { shot.pixel(x: $0, y: y) != background }
        }
        #expect(ink.count > 50, "\(ink.count) pixels of text in the footer")
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let exit = try #require(demo.events(named: "exit", after: 0).last)
        let elements = try #require(exit["elements"] as? [[String: Any]]).map(LaidOutItem.init(fields:))
        #expect(elements == afresh.elements)
        demo.expectNoXErrors()
    }
}
