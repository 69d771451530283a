import Foundation
import Testing
import XvfbSupport

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
