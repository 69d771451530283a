import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// `waterfall` on a folder of one photo (800 × 620, 3 columns), once the walk found it and its picture is drawn: the
/// format window tests' common steps. It expects the walk to have found one photo and skipped nothing, and the
/// screenshot is saved as an artifact.
struct OneCardWall {
    let demo: RunningDemo
    /// The `thumbnail` event of the photo's picture.
    let thumbnail: Event
    /// The card's frame, as the `layout` command lays out the same folder.
    let card: LaidOutItem
    /// The window once the picture was drawn.
    let screenshot: Screenshot

    /// Launches the wall on `folder`, waits for `format`'s thumbnail to be drawn and takes the screenshot, saved as
    /// `artifact` (a PNG's name in artifacts/); the program runs with `environment`'s variables added to its own.
    /// `beforeLaunch` runs once the server is up, before the wall starts.
    init(
        _ folder: GeneratedImages, format: String, artifact: String, environment: [String: String] = [:],
        beforeLaunch: (XvfbServer) throws -> Void = { _ in }
    ) throws {
        demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            environment: environment, beforeLaunch: beforeLaunch)
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        let decoded = try demo.process.waitForEvent("the \(format)'s thumbnail") { $0.name == "thumbnail" }
        try demo.process.waitForEvent(after: decoded.position, "its picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        thumbnail = decoded.event
        let layout = try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ])
        card = try #require(layout.items.first)
        screenshot = try demo.screenshot()
        try screenshot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath(artifact))
    }

    /// The picture's left and top edges and its width on screen, in whole pixels, rounded as the canvas rounds them.
    var left: Int { Int(card.x.rounded()) }
    var top: Int { Int(card.y.rounded()) }
    var width: Int { Int((card.x + card.width).rounded()) - left }

    /// The thumbnail's height for a picture `aspect` (height ÷ width) tall at `width`.
    func thumbnailHeight(aspect: Double) -> Int { Int((Double(width) * aspect).rounded()) }

    /// The picture's height on screen for `aspect`: its bottom edge rounded as the canvas rounds it.
    func shownHeight(aspect: Double) -> Int { Int((card.y + card.width * aspect).rounded()) - top }

    /// The screenshot's pixel at (`x`, `y`) of the picture.
    func pixel(_ x: Int, _ y: Int) -> RGB? { screenshot.pixel(x: left + x, y: top + y) }
}
