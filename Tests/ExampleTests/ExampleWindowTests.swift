import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// Polls until a window named exactly `name` is viewable, and returns its id (the interval between checks of the
/// awaited condition; the deadline only bounds a hang).
func waitForWindow(named name: String, display: String, while program: DemoProcess) throws -> UInt {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && program.isRunning {
        let output =
            (try? runTool("xdotool", ["search", "--onlyvisible", "--name", "^\(name)$"], display: display)) ?? Data()
        if let id = String(decoding: output, as: UTF8.self).split(separator: "\n").first.flatMap({ UInt($0) }) {
            return id
        }
        usleep(20_000)  // only the interval between checks of the condition above; the deadline bounds a hang
    }
    throw X11TestError("no visible window named \(name): \(program.standardError)")
}

/// Polls screenshots until the window's pixel at (`x`, `y`) is `color` (the interval between checks of the awaited
/// condition; the deadline only bounds a hang).
func waitForPixel(_ color: RGB, x: Int, y: Int, window: UInt, display: String, while program: DemoProcess) throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && program.isRunning {
        if try Screenshot.of(window: window, display: display).pixel(x: x, y: y) == color { return }
        usleep(20_000)  // only the interval between checks of the condition above; the deadline bounds a hang
    }
    throw X11TestError("the pixel at (\(x), \(y)) never became \(color): \(program.standardError)")
}

/// A path under `artifacts/` at the package root, for screenshots a person may look at after a run.
func artifactPath(_ name: String) -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let folder = root.appendingPathComponent("artifacts")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}

/// The example program, as a user runs it: under a private Xvfb, a real click selects a card, which it prints and
/// shows selected, and its own key quits it.
@Suite(.serialized)
struct SwatchesTests {
    @Test func aClickSelectsACardThatItPrintsAndQQuits() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let swatches = try DemoProcess(executable: "swatches", arguments: [], display: xvfb.display)
        let window = try waitForWindow(named: "Swatches", display: xvfb.display, while: swatches)
        // 800 x 600 is landscape: 4 columns of (800 - 12 (scroll bar) - 2 × 8 (insets) - 3 × 8 (spacing)) / 4 = 187
        // points. The first four cards open the four columns; the first is 0x3779B1, the example's colour of item 0.
        try waitForPixel(RGB(0x3779B1), x: 20, y: 20, window: window, display: xvfb.display, while: swatches)
        let third = (x: 8 + 2 * (187 + 8), width: 187)
        // Item 2's picture is 187 × (0.5 + 0.74) = 231.88 points tall, its 24-point label below it.
        let labelMiddle = 8 + 231 + 12
        #expect(
            try Screenshot.of(window: window, display: xvfb.display).pixel(x: third.x + third.width - 4, y: labelMiddle)
                == RGB(0xFFFFFF))

        try xdotool(
            ["mousemove", "--window", String(window), String(third.x + 90), "100", "click", "1"], display: xvfb.display)
        let selected = try swatches.waitForLine("the selection") { $0.hasPrefix("selected") }
        #expect(selected == "selected 3")
        try waitForPixel(
            RGB(0x1F6FEB), x: third.x + third.width - 4, y: labelMiddle, window: window, display: xvfb.display,
            while: swatches)
        let shot = try Screenshot.of(window: window, display: xvfb.display)
        try shot.savePNG(window: window, display: xvfb.display, to: artifactPath("swatches.png"))

        // to the window under the pointer: no window manager gives focus
        try xdotool(["key", "q"], display: xvfb.display)
        #expect(try swatches.waitForExit() == 0)
        #expect(swatches.lines == ["selected 3"])
        #expect(swatches.standardError.isEmpty, "\(swatches.standardError)")
    }

    @Test func aServerThatGoesAwayEndsItWithItsOwnLineAndStatus() throws {
        let xvfb = try XvfbServer()
        let swatches = try DemoProcess(executable: "swatches", arguments: [], display: xvfb.display)
        let window = try waitForWindow(named: "Swatches", display: xvfb.display, while: swatches)
        try waitForPixel(RGB(0x3779B1), x: 20, y: 20, window: window, display: xvfb.display, while: swatches)
        xvfb.stop()
        // `run()` throws; the example's catch prints the error after its name and exits with status 1.
        #expect(try swatches.waitForExit() == 1)
        #expect(
            swatches.standardError
                == "swatches: lost the connection to X display '\(xvfb.display)': the server went away or closed the connection\n"
        )
    }
}

/// The photo browser example, as a user runs it on a folder: under a private Xvfb its wall shows the photos'
/// pictures, a real click selects one, and q quits printing the selected photo's path.
@Suite(.serialized)
struct PhotoWallExampleTests {
    @Test func itShowsTheFoldersPhotosAndPrintsTheSelectedOneWhenQQuits() throws {
        let photos = try GeneratedImages()
        try photos.convert(["-size", "300x200", "xc:#C03020", "a.png"])
        try photos.convert(["-size", "300x200", "xc:#2050C0", "b.png"])
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let program = try DemoProcess(executable: "photo-wall", arguments: [photos.folder.path], display: xvfb.display)
        let window = try waitForWindow(named: "Photo Wall", display: xvfb.display, while: program)
        // 1000 × 700 is landscape: 5 columns of (1000 - 12 (scroll bar) - 2 × 12 (insets) - 4 × 12 (spacing)) / 5 =
        // 183.2 points; below the folder's 32-point header, each card's picture is 183.2 × 2/3 = 122 points tall.
        let (first, second) = ((x: 100, y: 12 + 32 + 61), (x: 12 + 183 + 12 + 90, y: 12 + 32 + 61))
        try waitForPixel(RGB(0xC03020), x: first.x, y: first.y, window: window, display: xvfb.display, while: program)
        try waitForPixel(RGB(0x2050C0), x: second.x, y: second.y, window: window, display: xvfb.display, while: program)

        try xdotool(
            ["mousemove", "--window", String(window), String(second.x), String(second.y), "click", "1"],
            display: xvfb.display)
        // Selected: the blue border at the card's left edge.
        try waitForPixel(
            RGB(0x0A64FF), x: 12 + 183 + 12 + 1, y: second.y, window: window, display: xvfb.display, while: program)
        try xdotool(["key", "q"], display: xvfb.display)
        #expect(try program.waitForExit() == 0)
        #expect(program.lines == [photos.path("b.png")])
        #expect(program.standardError.isEmpty, "\(program.standardError)")
    }
}
