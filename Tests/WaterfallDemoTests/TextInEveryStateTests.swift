import Foundation
import Testing
import XvfbSupport

/// Text in every state of the catalog window, checked on screenshots as a person would look: after its first frame,
/// after resizes that grow and shrink it (the column count switching), after a scroll that moves the pixels a resize
/// drew, and after an expose, every caption wholly in view, every header and the status bar hold antialiased ink of
/// their text's colour. With the Xdbe back buffer and with the Pixmap fallback, at scale 1 and 2, and under a window
/// manager. (An Xdbe buffer gets new pixels from the server at each resize, and text once kept going to the old ones.)
@Suite(.serialized)
struct TextInEveryStateTests {
    /// Drives the window of `demo` through the states, checking the text after each. `scale` is its pixels per point.
    func expectTextThroughStates(_ demo: RunningDemo, scale: Int, label: String) throws {
        func check(_ state: String, offset: Double = 0) throws {
            let shot = try demo.screenshot()
            try ScreenText(demo).expectText(in: shot, offset: offset, state: "\(label), \(state)")
        }
        try check("first frame")
        try demo.resizeAndWait(width: 900 * scale, height: 640 * scale)
        try check("grown to 900 × 640")
        try demo.resizeAndWait(width: 560 * scale, height: 760 * scale)  // portrait: three columns
        #expect(demo.process.events.last { $0.name == "layout" }?.int("columns") == 3, "\(label)")
        try check("shrunk to portrait 560 × 760")
        try demo.resizeAndWait(width: 480 * scale, height: 420 * scale)
        try check("shrunk to 480 × 420")
        let before = demo.eventCount
        try demo.wheel(notches: 2)
        let step = demo.wheelStep
        try demo.waitForFrame(after: before, offset: 2 * step)
        try check("scrolled two notches after the resizes", offset: 2 * step)
        try demo.exposeAndWait()
        try check("exposed", offset: 2 * step)
        try demo.resizeAndWait(width: 700 * scale, height: 520 * scale)
        try check("grown again to 700 × 520", offset: demo.process.events.last { $0.name == "frame" }?.double("offset") ?? 0)
        demo.expectNoXErrors()
    }

    @Test(arguments: [(xdbe: true, scale: 1), (xdbe: false, scale: 1), (xdbe: true, scale: 2), (xdbe: false, scale: 2)])
    func theCatalogKeepsItsTextThroughResizesScrollsAndExposes(xdbe: Bool, scale: Int) throws {
        let demo = try RunningDemo(["--width", "640", "--height", "480", "--no-smooth", "--scale", String(scale)] + (xdbe ? [] : ["--no-xdbe"]),
                                   screen: (2000, 1600))
        #expect(demo.ready["xdbe"] as? Bool == xdbe)
        try expectTextThroughStates(demo, scale: scale, label: "\(xdbe ? "Xdbe" : "Pixmap") at scale \(scale)")
    }

    @Test func underAWindowManagerTheTextSurvivesItsResizes() throws {
        let demo = try RunningDemo(["--width", "640", "--height", "480", "--no-smooth"], underWindowManager: true)
        try expectTextThroughStates(demo, scale: 1, label: "under twm")
    }
}
