import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// Drag and drop under Xvfb against a real toolkit's other side: a GTK 3 window (scripts/gtk-dnd-peer.py) takes a
/// card dragged out of the wall by the pointer (xdotool), and a folder dragged from GTK onto the wall opens there.
/// What only the server shows is checked on screen: the dragged picture beside the pointer, the cursor's answer, the
/// new section's photos. (The protocol's order, the timeouts and the wall's choice of files in-process: XdndTests and
/// WallDragAndDropTests.)
@Suite(.serialized)
struct DragAndDropWindowTests {
    static let colours = ["#C03020", "#2060B0", "#E0B030"]
    static let gtkGreen = RGB(0x30A050)

    /// A folder of three photos of their own colours, and `waterfall` on it at 800 × 620 in 3 columns at the
    /// top-left of a 1280 × 1024 screen, every picture drawn.
    func launch() throws -> (demo: RunningDemo, folder: GeneratedImages) {
        let folder = try GeneratedImages()
        for (index, colour) in Self.colours.enumerated() {
            try folder.image("p\(index).png", width: 400, height: 300, colour: colour)
        }
        let demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        // A minute at most: beside a whole suite's run, a decode has taken 8 s on two cores.
        let last = try demo.process.waitForEvent(limit: 60, "three pictures") { _ in
            demo.events(named: "thumbnail", after: 0).count == 3
        }
        try demo.process.waitForEvent(after: last.position, "drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        return (demo, folder)
    }

    /// The cards as `--print-layout` places them in the window.
    func cards(of demo: RunningDemo, folder: GeneratedImages) throws -> [LaidOutItem] {
        try ScreenText(demo, layoutArguments: ["--photos", folder.root, "--columns", "3"]).elements().filter {
            $0.kind == "cell"
        }
    }

    /// Moves the pointer, held, from (`from`) to (`to`) on the root in `steps` motions, as a hand drags.
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 24, display: String) throws {
        let moves = (1...steps).map { step in
            "mousemove \(from.x + (to.x - from.x) * step / steps) \(from.y + (to.y - from.y) * step / steps)"
        }
        try xdotool(script: moves.joined(separator: "\n") + "\n", display: display)
    }

    /// Launches the wall beside a GTK target at (850, 50), 400 × 400, presses card `index` and drags it, held, to
    /// `to`; returns them and the number of events before the drag.
    func dragCard(
        _ index: Int, to: (x: Int, y: Int)
    ) throws -> (
        demo: RunningDemo, folder: GeneratedImages, gtk: GTKPeer, before: Int
    ) {
        let (demo, folder) = try launch()
        let display = demo.xvfb.display
        let gtk = try GTKPeer(.target, display: display, x: 850, y: 50, width: 400, height: 400)
        let card = try cards(of: demo, folder: folder)[index]
        let start = (x: Int(card.midX), y: Int(card.y) + 40)
        try xdotool(["mousemove", String(start.x), String(start.y), "mousedown", "1"], display: display)
        let before = demo.eventCount
        try drag(from: start, to: to, display: display)
        return (demo, folder, gtk, before)
    }

    @Test func aCardDraggedOntoAGTKWindowGivesItTheFileWithThePictureBesideThePointer() throws {
        let (demo, folder, gtk, before) = try dragCard(1, to: (1050, 250))
        let display = demo.xvfb.display
        let began = try demo.process.waitForEvent(after: before, "the drag's start") {
            $0.name == "drag" && $0.string("state") == "started"
        }
        #expect(began.event.fields["files"] as? [String] == [folder.path("p1.png")])
        try demo.process.waitForEvent(after: began.position, "GTK's window as the target") {
            $0.name == "drag" && $0.string("state") == "target" && UInt($0.int("window") ?? 0) == gtk.window
        }
        try demo.process.waitForEvent(after: began.position, "GTK's acceptance") {
            $0.name == "drag" && $0.string("state") == "status" && ($0.fields["accepts"] as? Bool) == true
        }
        try gtk.waitFor("motion")

        // In flight: the card's picture beside the pointer (16 px below and right, a white pixel of border), over
        // GTK's green, and the cursor that says the drop would be taken.
        let shot = try Screenshot.ofScreen(display: display)
        _ = try runTool("import", ["-window", "root", artifactPath("drag-in-flight.png")], display: display)
        #expect(shot.pixel(x: 1050 + 16, y: 250 + 16) == RGB(0xFFFFFF))
        #expect(shot.pixel(x: 1050 + 16 + 20, y: 250 + 16 + 20) == RGB(0x2060B0))
        #expect(shot.pixel(x: 1040, y: 240) == Self.gtkGreen)
        #expect(try CursorImage.current(display: display).name == "plus")

        let released = demo.eventCount
        try xdotool(["mouseup", "1"], display: display)
        let received = try gtk.waitFor("received")
        #expect(received["uris"] as? [String] == ["file://" + folder.path("p1.png")])
        try demo.process.waitForEvent(after: released, "the drop's end") {
            $0.name == "drag" && $0.string("state") == "ended" && $0.string("outcome") == "dropped"
        }
        // The picture is gone with the drag, and the wall kept its selection and its cards.
        let after = try Screenshot.ofScreen(display: display)
        #expect(after.pixel(x: 1050 + 16 + 20, y: 250 + 16 + 20) == Self.gtkGreen)
        #expect(demo.events(named: "highlight", after: 0).count == 1)  // the press went to the card...
        #expect(demo.events(named: "select", after: 0).isEmpty)  // ...and the drag, not a click, had it
        demo.expectNoXErrors()
    }

    @Test func escapeCancelsADragAndNothingIsDropped() throws {
        let (demo, _, gtk, before) = try dragCard(0, to: (1000, 300))
        let display = demo.xvfb.display
        try demo.process.waitForEvent(after: before, "GTK's acceptance") {
            $0.name == "drag" && $0.string("state") == "status" && ($0.fields["accepts"] as? Bool) == true
        }
        try demo.key("Escape")
        try demo.process.waitForEvent(after: before, "the cancel") {
            $0.name == "drag" && $0.string("state") == "ended" && $0.string("outcome") == "cancelled"
        }
        try gtk.waitFor("leave")
        try xdotool(["mouseup", "1"], display: display)
        #expect(gtk.events("received").isEmpty)
        // The keyboard is the wall's again: a key acts on it.
        let keyed = demo.eventCount
        try demo.movePointer(x: 100, y: 100)
        try demo.key("Right")
        try demo.process.waitForEvent(after: keyed, "the key after the drag") { $0.name == "key" }
        demo.expectNoXErrors()
    }

    @Test func aFolderDraggedFromGTKOntoTheWallOpensThereAsASection() throws {
        let (demo, folder) = try launch()
        let display = demo.xvfb.display
        try FileManager.default.createDirectory(atPath: folder.path("dropped"), withIntermediateDirectories: false)
        try folder.image("dropped/q.png", width: 400, height: 300, colour: "#8040C0")
        let uri = "file://" + folder.path("dropped")
        let gtk = try GTKPeer(.source, display: display, x: 850, y: 50, width: 300, height: 300, uris: [uri])
        try xdotool(["mousemove", "1000", "200", "mousedown", "1"], display: display)
        let before = demo.eventCount
        try drag(from: (1000, 200), to: (400, 400), display: display)
        try gtk.waitFor("begin")
        try demo.process.waitForEvent(after: before, "the drag over the wall") {
            $0.name == "drop" && $0.string("state") == "over" && ($0.fields["acceptable"] as? Bool) == true
        }
        try xdotool(["mouseup", "1"], display: display)
        let dropped = try demo.process.waitForEvent(after: before, "the drop") {
            $0.name == "drop" && $0.string("state") == "dropped"
        }
        #expect(dropped.event.fields["added"] as? [String] == [folder.path("dropped")])
        try gtk.waitFor("end")
        // The new section's photo is drawn: its purple in the wall, after the first section.
        let shown = try demo.process.waitForEvent(after: dropped.position, "the dropped photo's picture") {
            $0.name == "thumbnail" && $0.int("index") == 3
        }
        try demo.process.waitForEvent(after: shown.position, "drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        // A card of 800 / 3 points less the spacing, at 4:3: tens of thousands of pixels; sampled every 4th.
        let shot = try demo.screenshot()
        let purple = stride(from: 0, to: shot.width, by: 4).reduce(0) { count, x in
            count + stride(from: 0, to: shot.height, by: 4).filter { shot.pixel(x: x, y: $0) == RGB(0x8040C0) }.count
        }
        #expect(purple > 1_000, "\(purple) purple samples")
        demo.expectNoXErrors()
    }
}
