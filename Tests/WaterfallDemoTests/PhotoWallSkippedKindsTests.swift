import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The files the wall leaves out are counted by kind: in the `scanned` event's `skippedKinds` and in the status bar.
@Suite(.serialized)
struct PhotoWallSkippedKindsTests {
    @Test func theScannedEventAndTheStatusBarCountTheSkippedByKind() throws {
        let folder = try GeneratedImages()
        try folder.image("shown.png", width: 40, height: 30)
        try folder.image("layers.psd", width: 40, height: 30)
        try folder.write(Array("%PDF-1.4\n%%EOF\n".utf8), to: "doc.pdf")
        try folder.write(Array("shopping list\n".utf8), to: "notes.txt")
        let demo = try RunningDemo([folder.root, "--width", "800", "--height", "620"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 3)
        let kinds = scanned.event.fields["skippedKinds"] as? [String: Any] ?? [:]
        #expect(kinds.mapValues { ($0 as? NSNumber)?.intValue ?? -1 } == ["psd": 1, "pdf": 1, "other": 1])
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let status = try #require(demo.process.events.last { $0.name == "exit" }?.string("status"))
        #expect(status.hasPrefix("1 photo in 1 folder · 3 skipped (1 PSD, 1 PDF, 1 other)"), "\(status)")
        demo.expectNoXErrors()
    }
}
