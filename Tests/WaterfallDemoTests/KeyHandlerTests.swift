import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A key handler in a private `XDG_CONFIG_HOME`: a shell script that writes what it was given (its arguments, its
/// standard input byte for byte, `WATERFALL_USING_NULL`, the descriptors it inherited) into `out`, and acts on some
/// keys: `e` exits 3, `w` waits for a line on the fifo `out/fifo` (the test's to write), `d` deletes the photos it got.
final class KeyHandlerHome {
    let config: URL
    let out: URL
    /// The handler's path: `config/waterfall/key-handler`.
    var handler: String { config.path + "/waterfall/key-handler" }
    var fifo: String { out.path + "/fifo" }

    static let script = """
        #!/bin/sh
        printf '%s\\n' "$@" >> "$KH_OUT/args"
        printf '%s\\n' "$WATERFALL_USING_NULL" > "$KH_OUT/using-null"
        cat > "$KH_OUT/stdin-$1"
        ls /proc/self/fd > "$KH_OUT/fds"
        echo "handler $1 on stdout"
        echo "handler $1 on stderr" >&2
        case "$1" in
          e) exit 3 ;;
          w) read -r line < "$KH_OUT/fifo" ;;
          d) while IFS= read -r f; do rm -- "$f"; done < "$KH_OUT/stdin-$1" ;;
        esac
        exit 0

        """

    /// A new home; with `installing` the handler is written there with `mode`.
    init(installing: Bool = true, mode: mode_t = 0o755) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("key-handler-\(UUID().uuidString)")
        config = root.appendingPathComponent("config")
        out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("waterfall"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        guard mkfifo(fifo, 0o600) == 0 else {
            throw X11TestError("mkfifo \(fifo): \(String(cString: strerror(errno)))")
        }
        if installing { try install(mode: mode) }
    }

    deinit {
        try? FileManager.default.removeItem(at: config.deletingLastPathComponent())
    }

    func install(mode: mode_t) throws {
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: handler))
        guard chmod(handler, mode) == 0 else {
            throw X11TestError("chmod \(handler): \(String(cString: strerror(errno)))")
        }
    }

    /// The program's environment: this home's config, and where the handler writes.
    var environment: [String: String] { ["XDG_CONFIG_HOME": config.path, "KH_OUT": out.path] }

    /// The bytes the handler wrote to `name` in `out`.
    func written(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: out.appendingPathComponent(name))) }

    /// The text the handler wrote to `name` in `out`.
    func text(_ name: String) throws -> String { String(decoding: try written(name), as: UTF8.self) }

    /// Lets a `w` handler end: writes a line to the fifo once it has opened it for reading (opening for writing
    /// without blocking fails with ENXIO until then).
    func release() throws {
        var descriptor: Int32 = -1
        try waitUntil("the handler reading the fifo") {
            descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            return descriptor >= 0
        }
        defer { close(descriptor) }
        guard write(descriptor, "go\n", 3) == 3 else {
            throw X11TestError("write to the fifo: \(String(cString: strerror(errno)))")
        }
    }
}

/// Ctrl+X then a key in `waterfall`: the key handler runs beside the window with the key's name and the chosen
/// photos' paths, and the status bar tells what it is doing and how it failed.
@Suite(.serialized)
struct KeyHandlerTests {
    /// "bad", the bytes FF and FE (never UTF-8), ".png".
    static let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8)

    /// A folder of `count` photos p00.png... (or, with `badName`, "a.png", "b c.png" and the non-UTF-8 name, in that
    /// order on the wall) and the wall open on it, walked and drawn, with each card's frame.
    private func openWall(
        _ home: KeyHandlerHome, count: Int = 3, withBadName: Bool = false, _ extra: [String] = []
    )
        throws -> (folder: GeneratedImages, demo: RunningDemo, cards: [LaidOutItem])
    {
        let folder = try GeneratedImages()
        if withBadName {
            try folder.image("a.png", width: 300, height: 200)
            try folder.image("b c.png", width: 300, height: 200)
            try Self.makeBadName(in: folder)
        } else {
            for index in 0..<count { try folder.image(String(format: "p%02d.png", index), width: 300, height: 200) }
        }
        let demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "600", "--columns", "4"] + extra,
            executable: "waterfall", environment: home.environment)
        try demo.process.waitForEvent("every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
                && demo.events(named: "scanned", after: 0).contains { $0.fields["done"] as? Bool == true }
        }
        let cards = try runLayoutCommand([
            "--photos", folder.root, "--columns", "4", "--width", String(Int(demo.cardsWidth)),
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        return (folder, demo, cards)
    }

    /// Makes a photo named `badName` in `folder`: only the system's calls can make such a name.
    private static func makeBadName(in folder: GeneratedImages) throws {
        try folder.image("made.png", width: 200, height: 300)
        let renamed = (folder.root + "/made.png").withCString { from in
            (badPathBytes(in: folder).map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
                rename(from, $0.baseAddress!)
            }
        }
        guard renamed == 0 else {
            throw X11TestError("cannot make the non-UTF-8 name: \(String(cString: strerror(errno)))")
        }
    }

    private static func badPathBytes(in folder: GeneratedImages) -> [UInt8] {
        Array(folder.root.utf8) + [UInt8(ascii: "/")] + badName
    }

    /// Presses Ctrl+X, then `key` (xdotool's name), and waits for the `keyHandler` event of `state` after it.
    @discardableResult
    private func run(_ key: String, in demo: RunningDemo, until state: String = "exited") throws -> Event {
        let start = demo.eventCount
        try demo.key("ctrl+x")
        try demo.key(key)
        return try demo.process.waitForEvent(after: start, "the key handler \(state) after \(key)") {
            $0.name == "keyHandler" && $0.string("state") == state
        }.event
    }

    /// Selects the cards at `indices`: a click on the first, Ctrl+click on the others.
    private func select(_ indices: [Int], of cards: [LaidOutItem], in demo: RunningDemo) throws {
        let start = demo.eventCount
        for (position, index) in indices.enumerated() {
            if position == 1 { try xdotool(["keydown", "Control_L"], display: demo.xvfb.display) }
            try demo.click(x: cards[index].midX, y: cards[index].midY)
        }
        if indices.count > 1 { try xdotool(["keyup", "Control_L"], display: demo.xvfb.display) }
        try demo.process.waitForEvent(after: start, "the selection") { _ in
            demo.events(named: "select", after: start).count == indices.count
        }
    }

    /// The status bar's pixels in `shot`: the rows below the cards' area.
    private func statusBar(of shot: Screenshot, demo: RunningDemo) -> [RGB] {
        let top = Int(demo.viewportHeight * (demo.ready.double("scale") ?? 1))
        return (top..<shot.height).flatMap { y in (0..<shot.width).compactMap { shot.pixel(x: $0, y: y) } }
    }

    @Test func itGetsTheKeyAndTheSelectedPathsOneALineByteForByteAndNoDescriptorOfTheWindow() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, cards) = try openWall(home, withBadName: true)
        try select([0, 2], of: cards, in: demo)
        let started = try run("r", in: demo, until: "started")
        #expect(started.string("key") == "r")
        #expect(started.int("files") == 2)
        let exited = try demo.process.waitForEvent("its end") {
            $0.name == "keyHandler" && $0.string("state") == "exited"
        }.event
        #expect(exited.int("status") == 0)
        #expect(exited.string("message") == nil)

        #expect(try home.text("args") == "r\n")
        let newline = [UInt8(ascii: "\n")]
        #expect(
            try home.written("stdin-r") == Array((folder.root + "/a.png").utf8) + newline
                + Self.badPathBytes(in: folder) + newline)
        #expect(try home.text("using-null") == "0\n")
        // ls's own descriptors: the three standard ones and its listing of /proc/self/fd; not the X connection's,
        // not the wake pipe's, not inotify's.
        #expect(try home.text("fds") == "0\n1\n2\n3\n")
        // Its standard output and error are the program's standard error; the event log on standard output has neither.
        try waitUntil("the handler's lines on standard error") {
            demo.process.standardError.contains("handler r on stderr")
        }
        #expect(demo.process.standardError.contains("handler r on stdout\n"))
        #expect(demo.process.standardOutput.range(of: Data("handler r".utf8)) == nil)
        demo.expectNoXErrors()
    }

    @Test func withKeyHandlerNulTheLightboxsPhotoComesEndedByANul() throws {
        let home = try KeyHandlerHome()
        let folder = try GeneratedImages()
        try folder.image("a.png", width: 300, height: 200)
        try Self.makeBadName(in: folder)
        let demo = try RunningDemo(
            [folder.root + "/a.png", "--key-handler-nul", "--width", "800", "--height", "600"],
            executable: "waterfall", environment: home.environment)
        try demo.waitForLightbox("picture", index: 0, after: 0)
        try demo.key("Right")  // to the photo whose name is not UTF-8
        try demo.waitForLightbox("picture", index: 1, after: 0)
        let started = try run("r", in: demo, until: "started")
        #expect(started.int("files") == 1)
        try demo.process.waitForEvent("its end") { $0.name == "keyHandler" && $0.string("state") == "exited" }
        #expect(try home.written("stdin-r") == Self.badPathBytes(in: folder) + [0])
        #expect(try home.text("using-null") == "1\n")
        demo.expectNoXErrors()
    }

    /// In the lightbox, the key after Ctrl+X is the handler's even when the lightbox uses it (Right), as in nsxiv:
    /// the photo shown stays, and the handler gets it; Escape after Ctrl+X cancels and leaves the lightbox open.
    @Test func inTheLightboxTheKeyAfterCtrlXIsTheHandlersEvenALightboxKey() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, cards) = try openWall(home)
        defer { withExtendedLifetime(folder) {} }
        var start = demo.eventCount
        try demo.movePointer(x: cards[0].midX, y: cards[0].midY)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        try demo.waitForLightbox("picture", index: 0, after: start)
        start = demo.eventCount
        let started = try run("Right", in: demo, until: "started")
        #expect(started.string("key") == "Right")
        try demo.process.waitForEvent(after: start, "its end") {
            $0.name == "keyHandler" && $0.string("state") == "exited"
        }
        #expect(try home.written("stdin-Right") == Array((folder.root + "/p00.png\n").utf8))
        #expect(demo.events(named: "lightbox", after: start).filter { $0.string("action") == "show" }.isEmpty)
        // Escape after Ctrl+X cancels it; the lightbox stays open on the same photo, and Right then steps.
        start = demo.eventCount
        try demo.key("ctrl+x")
        try demo.key("Escape")
        try demo.process.waitForEvent(after: start, "the cancel") {
            $0.name == "keyHandler" && $0.string("state") == "cancelled"
        }
        try demo.key("Right")
        try demo.waitForLightbox("show", index: 1, after: start)
        #expect(demo.events(named: "lightbox", after: start).map { $0.string("action") ?? "?" }.prefix(1) == ["show"])
        demo.expectNoXErrors()
    }

    @Test func keysAreNamedAsNsxivNamesThem() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, cards) = try openWall(home)
        defer { withExtendedLifetime(folder) {} }  // its photos stay until the end
        try select([1], of: cards, in: demo)
        var keys: [String] = []
        for key in ["ctrl+r", "shift+r", "shift+F2", "ctrl+x", "7"] {
            keys.append(try run(key, in: demo).string("key") ?? "?")
        }
        #expect(keys == ["C-r", "R", "S-F2", "C-x", "7"])
        #expect(try home.text("args") == "C-r\nR\nS-F2\nC-x\n7\n")
    }

    @Test func aFailureShowsInTheStatusBarUntilTheNextAction() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, cards) = try openWall(home)
        defer { withExtendedLifetime(folder) {} }  // its photos stay until the end
        try select([0], of: cards, in: demo)
        let wallBar = statusBar(of: try demo.screenshot(), demo: demo)

        // Ctrl+X shows that it waits for a key.
        var start = demo.eventCount
        try demo.key("ctrl+x")
        let prefix = try demo.process.waitForEvent(after: start, "the prefix") {
            $0.name == "keyHandler" && $0.string("state") == "prefix"
        }
        try demo.process.waitForEvent(after: prefix.position, "its frame") { $0.name == "frame" }
        let waiting = try demo.screenshot()
        #expect(statusBar(of: waiting, demo: demo) != wallBar)

        start = demo.eventCount
        try demo.key("e")
        let exited = try demo.process.waitForEvent(after: start, "the handler's end") {
            $0.name == "keyHandler" && $0.string("state") == "exited"
        }
        #expect(exited.event.int("status") == 3)
        #expect(exited.event.string("message") == "key-handler e: exit status 3")
        try demo.process.waitForEvent(after: exited.position, "the frame that shows it") { $0.name == "frame" }
        let failed = try demo.screenshot()
        let failedBar = statusBar(of: failed, demo: demo)
        #expect(failedBar != wallBar)
        #expect(failedBar != statusBar(of: waiting, demo: demo))
        let top = Int(demo.viewportHeight * (demo.ready.double("scale") ?? 1))
        let ink = failed.textInk(
            xs: 0..<failed.width, ys: top..<failed.height, ink: ScreenText.statusText, background: ScreenText.statusBar)
        #expect(ink.isText(minimumSolid: 40), "the status bar has \(ink)")

        // The next action (a click) brings the wall's counts back.
        start = demo.eventCount
        try demo.click(x: cards[1].midX, y: cards[1].midY)
        let selected = try demo.process.waitForEvent(after: start, "the click's selection") { $0.name == "select" }
        try demo.process.waitForEvent(after: selected.position, "its frame") { $0.name == "frame" }
        #expect(statusBar(of: try demo.screenshot(), demo: demo) == wallBar)
        demo.expectNoXErrors()
    }

    @Test func theWindowAnswersWhileAHandlerRunsAndASecondCtrlXIsRefused() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, cards) = try openWall(home, count: 40)
        defer { withExtendedLifetime(folder) {} }  // its photos stay until the end
        try select([0], of: cards, in: demo)
        let wallBar = statusBar(of: try demo.screenshot(), demo: demo)
        let started = try run("w", in: demo, until: "started")
        #expect(started.int("files") == 1)
        // The handler blocks on the fifo: the window scrolls all the same.
        var start = demo.eventCount
        try demo.key("End")
        try demo.process.waitForEvent(after: start, "a frame scrolled down") {
            $0.name == "frame" && ($0.double("offset") ?? 0) > 0
        }
        // That frame's status bar says that the handler runs, in text, instead of the wall's counts.
        let shot = try demo.screenshot()
        #expect(statusBar(of: shot, demo: demo) != wallBar)
        let top = Int(demo.viewportHeight * (demo.ready.double("scale") ?? 1))
        let ink = shot.textInk(
            xs: 0..<shot.width, ys: top..<shot.height, ink: ScreenText.statusText, background: ScreenText.statusBar)
        #expect(ink.isText(minimumSolid: 40), "the status bar has \(ink)")
        start = demo.eventCount
        try demo.key("ctrl+x")
        let refused = try demo.process.waitForEvent(after: start, "the refusal") {
            $0.name == "keyHandler" && $0.string("state") == "refused"
        }
        #expect(refused.event.string("message") == "key-handler w is still running")
        #expect(demo.events(named: "keyHandler", after: 0).filter { $0.string("state") == "exited" }.isEmpty)

        try home.release()
        let exited = try demo.process.waitForEvent(after: refused.position, "the handler's end") {
            $0.name == "keyHandler" && $0.string("state") == "exited"
        }
        #expect(exited.event.string("key") == "w")
        #expect(exited.event.int("status") == 0)
        // A new Ctrl+X is taken again.
        #expect(try run("r", in: demo).int("status") == 0)
        demo.expectNoXErrors()
    }

    @Test func aMissingOrNonExecutableHandlerIsNamed() throws {
        let home = try KeyHandlerHome(installing: false)
        let (folder, demo, cards) = try openWall(home)
        defer { withExtendedLifetime(folder) {} }  // its photos stay until the end
        try select([0], of: cards, in: demo)
        let missing = try run("r", in: demo, until: "refused")
        #expect(missing.string("message") == "no key handler: \(home.handler) does not exist (see docs/key-handler.md)")
        try home.install(mode: 0o644)
        let notExecutable = try run("r", in: demo, until: "refused")
        #expect(
            notExecutable.string("message") == "the key handler \(home.handler) is not an executable file (chmod +x it)"
        )
        #expect(demo.events(named: "keyHandler", after: 0).filter { $0.string("state") == "started" }.isEmpty)
        demo.expectNoXErrors()
    }

    @Test func escapeCancelsCtrlX() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, cards) = try openWall(home)
        defer { withExtendedLifetime(folder) {} }  // its photos stay until the end
        try select([0], of: cards, in: demo)
        let start = demo.eventCount
        try demo.key("ctrl+x")
        try demo.key("Escape")
        try demo.key("r")  // a plain r after the cancel: not the handler's
        try demo.key("ctrl+x")
        try demo.key("Escape")
        try demo.process.waitForEvent(after: start, "both cancels") { _ in
            demo.events(named: "keyHandler", after: start).filter { $0.string("state") == "cancelled" }.count == 2
        }
        // The keys are handled in order: a run by the r would have been logged before the second cancel.
        #expect(
            demo.events(named: "keyHandler", after: start).map { $0.string("state") ?? "?" } == [
                "prefix", "cancelled", "prefix", "cancelled",
            ])
        demo.expectNoXErrors()
    }

    @Test func aHandlerThatDeletesTheSelectedPhotoTakesItsCardAwayThroughTheLiveFolder() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, cards) = try openWall(home)
        try select([1], of: cards, in: demo)
        let start = demo.eventCount
        #expect(try run("d", in: demo).int("status") == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/p01.png"))
        let update = try demo.process.waitForEvent(after: start, "the live folder's update") {
            $0.name == "update" && $0.string("kind") == "delete"
        }
        #expect(update.event.ints("indices") == [1])
        #expect(update.event.int("items") == 2)
        #expect(demo.events(named: "deselect", after: start).map { $0.int("index") } == [1])
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let exit = try #require(demo.events(named: "exit", after: 0).last)
        let paths = (exit.fields["elements"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths == [folder.root + "/p00.png", folder.root + "/p02.png"])
    }

    /// Every photo of the folder, selected and deleted: its section goes, and the view deselects each card by its path
    /// before the update (the log looked those paths up among the cards after it, and crashed on the gone section).
    @Test func aHandlerThatDeletesEverySelectedPhotoOfTheFolderLeavesAnEmptyWall() throws {
        let home = try KeyHandlerHome()
        let (folder, demo, _) = try openWall(home)
        defer { withExtendedLifetime(folder) {} }
        var start = demo.eventCount
        try demo.key("ctrl+a")
        try demo.process.waitForEvent(after: start, "all three selected") { _ in
            demo.events(named: "select", after: start).count == 3
        }
        start = demo.eventCount
        #expect(try run("d", in: demo).int("status") == 0)
        let update = try demo.process.waitForEvent(after: start, "the live folder's update") {
            $0.name == "update" && $0.string("kind") == "delete"
        }
        #expect(update.event.ints("indices") == [0, 1, 2])
        #expect(update.event.int("items") == 0)
        #expect(demo.events(named: "deselect", after: start).map { $0.int("index") } == [0, 1, 2])
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
    }
}
