import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The wall with a video whose decoder worker hangs (`WATERFALL_DECODER` names a fake worker: the walk's worker is
/// the real one, so that the video is found, and the thumbnail's worker sleeps): the worker is killed at its deadline,
/// the card says "video timed out after 5 s" (through the shared thumbnail cache, the thumbnail's worker is asked the
/// header first, to choose the cache's size, and that request has the header's 5 s), the window answers keys
/// meanwhile, and nothing is printed.
@Suite(.serialized)
struct PhotoWallDecoderWorkerTests {
    /// The real worker, built beside the programs the tests run.
    static var realWorker: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("waterfall-decoder").path
    }

    @Test func aHangingWorkerCostsTheVideoItsPictureNotTheWall() throws {
        let folder = try GeneratedImages()
        try folder.twoColourVideo("clip.mp4", width: 320, height: 240)
        let tools = try GeneratedImages()
        // The first worker started (the walk's) is the real one; every later one (the thumbnails') hangs.
        let script = """
            #!/bin/sh
            if mkdir '\(tools.path("walked"))' 2>/dev/null; then exec '\(Self.realWorker)'; fi
            exec sleep 1000

            """
        let source = try tools.write(Array(script.utf8), to: "hanging-worker.txt")
        let worker = tools.path("hanging-worker")
        let install = try Process.run(
            URL(fileURLWithPath: "/usr/bin/install"), arguments: ["-m", "0755", source, worker])
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)

        let demo = try RunningDemo(
            [folder.folder.path, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            environment: ["WATERFALL_DECODER": worker])
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        // The window answers while the worker hangs: Right focuses and selects the card.
        let mark = demo.eventCount
        try demo.key("Right")
        try demo.process.waitForEvent(after: mark, "the selection") { $0.name == "select" && $0.int("index") == 0 }
        let failed = try demo.process.waitForEvent("the video's failure") { $0.name == "thumbnailFailed" }
        #expect(failed.event.string("reason") == "video timed out after 5 s")
        #expect(failed.event.string("path") == folder.path("clip.mp4"))
        try demo.process.waitForEvent(after: failed.position, "the card drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        #expect(demo.events(named: "thumbnail", after: 0).isEmpty)
        // The wall still answers: plus makes the cards larger, a column fewer.
        let zoom = demo.eventCount
        try demo.key("plus")
        try demo.process.waitForEvent(after: zoom, "the zoom by plus") { $0.name == "layout" && $0.int("columns") == 2 }
        #expect(
            demo.events(named: "key", after: zoom).map { "\($0.string("chord") ?? "?") \($0.string("action") ?? "-")" }
                == ["Shift+equal grid-zoom-in"])
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.standardError.isEmpty, "stderr: \(demo.process.standardError)")
        demo.expectNoXErrors()
    }
}
