import Foundation
import Testing
import XvfbSupport

/// The demo running with `--log-events` in its own private Xvfb, ready (its first frame on screen).
final class RunningDemo {
    let xvfb: XvfbServer
    /// The window manager managing the demo's window, when the demo was started under one.
    let windowManager: WindowManager?
    let process: DemoProcess
    let ready: Event

    /// Starts the demo (or another program of the package, `executable`) with `arguments` (after `subcommand`, when given)
    /// in `directory` (the test's own by default), under a real window manager (twm) when `underWindowManager` is true, with
    /// X `resources` (as `xrdb -merge` reads them, e.g. "Xft.dpi: 192") on the server when given, on a screen of
    /// `screen` pixels, and the variables of `environment` added to its environment. `beforeLaunch` runs once the
    /// server (and the window manager) is up, before the demo starts.
    init(
        _ arguments: [String], executable: String = "waterfall-demo", subcommand: String? = nil,
        underWindowManager: Bool = false,
        resources: String? = nil, directory: String? = nil,
        screen: (width: Int, height: Int) = (1280, 1024), environment: [String: String] = [:],
        beforeLaunch: (XvfbServer) throws -> Void = { _ in }
    ) throws {
        xvfb = try XvfbServer(width: screen.width, height: screen.height)
        if let resources {
            _ = try runTool("xrdb", ["-nocpp", "-merge"], display: xvfb.display, input: Data(resources.utf8))
        }
        windowManager = underWindowManager ? try WindowManager(display: xvfb.display) : nil
        try beforeLaunch(xvfb)
        process = try DemoProcess(
            executable: executable, arguments: (subcommand.map { [$0] } ?? []) + ["--log-events"] + arguments,
            display: xvfb.display, directory: directory, environment: environment)
        // A minute at most: in the whole suite's run, tens of servers, programs and window managers share two cores,
        // and a launch under openbox once took more than 20 s there (3 s alone).
        ready = try process.waitForEvent(limit: 60, "the ready event") { $0.name == "ready" }.event
        // Keyboard focus follows the pointer on a server without a window manager: park the pointer inside.
        try xdotool(["mousemove", "--window", String(window), "2", "2"], display: xvfb.display)
    }

    var window: UInt { UInt(ready.int("window") ?? 0) }
    /// The height of the cards' area (and of the scroll bar): the `ready` event's `viewport.height`.
    var viewportHeight: Double { ready.double("viewport", "height") ?? 0 }
    /// The width of the cards' area: the `ready` event's `viewport.width`. The `layout` subcommand's `--width`.
    var cardsWidth: Double { ready.double("viewport", "width") ?? 0 }
    /// The scroll bar's width: the `ready` event's `scrollBar.width`.
    var scrollBarWidth: Double { ready.double("scrollBar", "width") ?? 0 }
    /// The collection view's whole width: the cards' area and the scroll bar beside it (not the event's
    /// `viewport.width`, which is `cardsWidth`).
    var viewportWidth: Double { cardsWidth + scrollBarWidth }
    var wheelStep: Double { ready.double("wheelStep") ?? 0 }
    var contentHeight: Double { ready.double("contentHeight") ?? 0 }
    var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    var eventCount: Int { process.events.count }

    /// Wheel notches through the real pointer: button 5 scrolls down, button 4 up.
    func wheel(notches: Int) throws {
        let button = notches > 0 ? "5" : "4"
        try xdotool(["click", "--repeat", String(abs(notches)), "--delay", "5", button], display: xvfb.display)
    }

    /// Moves the pointer to (`x`, `y`) in window coordinates.
    func movePointer(x: Double, y: Double) throws {
        try xdotool(["mousemove", "--window", String(window), String(Int(x)), String(Int(y))], display: xvfb.display)
    }

    /// A left click at (`x`, `y`) in window coordinates.
    func click(x: Double, y: Double) throws {
        try movePointer(x: x, y: y)
        try xdotool(["click", "1"], display: xvfb.display)
    }

    /// Presses a key by its X keysym name (`q`, `Escape`, `Down`).
    func key(_ name: String) throws {
        try xdotool(["key", name], display: xvfb.display)
    }

    /// Resizes the window as a window manager would.
    func resize(width: Int, height: Int) throws {
        try xdotool(["windowsize", String(window), String(width), String(height)], display: xvfb.display)
    }

    /// Records a test issue for every X protocol error the program reported on stderr.
    func expectNoXErrors(sourceLocation: SourceLocation = #_sourceLocation) {
        let errors = process.standardError.split(separator: "\n").filter { $0.contains("X error") }
        #expect(errors.isEmpty, "X errors: \(errors)", sourceLocation: sourceLocation)
    }

    func screenshot() throws -> Screenshot {
        try Screenshot.of(window: window, display: xvfb.display)
    }

    /// Waits for a `frame` event after the first `after` events whose offset is `offset`.
    @discardableResult
    func waitForFrame(after: Int, offset: Double) throws -> Int {
        try process.waitForEvent(after: after, "a frame at offset \(offset)") {
            $0.name == "frame" && $0.double("offset") == offset
        }.position
    }

    /// Waits until the window has handled every input sent before: at the top of the content, wheels up one notch,
    /// a pull past the top that always draws a frame (an input that changes nothing draws none), and waits for that
    /// frame and for the one after the pull's release and refresh. The window handles inputs in order, so once the
    /// pull's frame is logged, everything before it was handled. Returns the position of the last frame.
    @discardableResult
    func syncWithAPull(after: Int) throws -> Int {
        try wheel(notches: -1)
        let pulled = try process.waitForEvent(after: after, "the pull's frame") {
            $0.name == "frame" && ($0.double("pull") ?? 0) > 0
        }
        return try process.waitForEvent(after: pulled.position, "the frame after the pull's release") {
            $0.name == "frame" && $0.double("pull") == 0
        }.position
    }

    /// The events after the first `after`, named `name`.
    func events(named name: String, after: Int) -> [Event] {
        process.events.dropFirst(after).filter { $0.name == name }
    }
}

extension RunningDemo {
    /// Waits for a photo wall's lightbox to log `action` for card `index` after the first `after` events, then for
    /// the frame that draws it; returns the lightbox's event. `limit` bounds each wait (a hang, not a measurement).
    @discardableResult
    func waitForLightbox(_ action: String, index: Int, after: Int, limit: TimeInterval = 20) throws -> Event {
        let logged = try process.waitForEvent(after: after, limit: limit, "lightbox \(action) of card \(index)") {
            $0.name == "lightbox" && $0.string("action") == action && $0.int("index") == index
        }
        _ = try process.waitForEvent(after: logged.position, limit: limit, "the frame after it") { $0.name == "frame" }
        return logged.event
    }
}

extension Event {
    /// The collection view's width in an event that carries its geometry (`start`, `ready`, `layout`, `exit`,
    /// `state`): the cards' area (`viewport`) and the scroll bar beside it, side by side; the window's width.
    var viewWidth: Double? {
        guard let cards = double("viewport", "width"), let bar = double("scrollBar", "width") else { return nil }
        return cards + bar
    }
}

/// One item's frame from the `layout` subcommand.
struct LaidOutItem: Equatable {
    /// "cell", "banner", "header" or "footer".
    var kind: String
    var section: Int
    /// The card's number in the catalog (-1 for a header or footer).
    var index: Int
    var column: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    /// A photo's file, with `--photos`.
    var path: String?

    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}

extension LaidOutItem {
    /// The element of one line as `layout` prints it (and a photo wall's `exit` event lists them).
    init(fields: [String: Any]) {
        func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
        self.init(
            kind: fields["kind"] as? String ?? "?", section: number("section").map { Int($0) } ?? -1,
            index: number("index").map { Int($0) } ?? -1, column: number("column").map { Int($0) } ?? -1,
            x: number("x") ?? .nan, y: number("y") ?? .nan, width: number("width") ?? .nan,
            height: number("height") ?? .nan,
            path: fields["path"] as? String)
    }
}

/// Runs `waterfall-demo layout` with `arguments` and parses its output.
/// `items` are the cards (cells and banners); `elements` everything, headers and footers too.
func runLayoutCommand(
    _ arguments: [String], directory: String? = nil
) throws -> (items: [LaidOutItem], summary: Event, elements: [LaidOutItem]) {
    let process = try DemoProcess(arguments: ["layout"] + arguments, display: nil, directory: directory)
    let status = try process.waitForExit()
    guard status == 0 else { throw X11TestError("layout exited with \(status): \(process.standardError)") }
    let events = process.events
    guard let summary = events.last else { throw X11TestError("layout printed nothing") }
    let elements = events.dropLast().map { LaidOutItem(fields: $0.fields) }
    return (elements.filter { ["cell", "banner"].contains($0.kind) }, summary, elements)
}

/// The bundled catalog's colours, as the tests read them independently of the program.
func bundledCatalogColors() throws -> [RGB] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/catalog.json")
    let items = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]] ?? []
    return items.map { RGB(UInt32(($0["color"] as? String ?? "#000000").dropFirst(), radix: 16) ?? 0) }
}

/// Polls `condition` every 20 ms until it holds; fails after `limit` seconds.
func waitUntil(_ description: String, limit: TimeInterval = 20, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(limit)
    while try !condition() {
        guard Date() < deadline else { throw X11TestError("no \(description) within \(limit) s") }
        // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
        usleep(20_000)
    }
}
