import Foundation
import Testing
import XvfbSupport

/// `--load-more` against a real X server: pages arrive from a background thread while the user scrolls to the
/// end, a footer shows the pending page, failures offer a retry, and headers are not selectable.
@Suite(.serialized)
struct PagedLoadingTests {
    static let panelWhite = RGB(0xFFFFFF)
    static let progressBlue = RGB(0x0A64FF)

    /// The white panel pixels and the progress bar's blue pixels in the footer: the viewport's bottom 56 rows.
    static func footerPixels(_ shot: Screenshot, viewportHeight: Int) -> (white: Int, blue: Int) {
        var white = 0
        var blue = 0
        for y in (viewportHeight - 56)..<viewportHeight {
            for x in 0..<shot.width {
                let pixel = shot.pixel(x: x, y: y)
                if pixel == panelWhite { white += 1 }
                if pixel == progressBlue { blue += 1 }
            }
        }
        return (white, blue)
    }

    @Test func scrollingToTheEndLoadsPagesUntilTheSourceIsExhausted() throws {
        // Each page arrives when the test sends SIGUSR1, so the screenshots of a pending page cannot race it.
        let demo = try RunningDemo([
            "--load-more", "--page-size", "60", "--pages-on-signal",
            "--width", "900", "--height", "720", "--columns", "4",
        ])
        let pid = try #require(demo.process.processIdentifier)
        #expect(demo.ready.int("items") == 0)  // the first frame shows the loading view
        let viewportHeight = Int(demo.viewportHeight)
        let first = try demo.screenshot()  // the first page is pending until the signal below
        #expect(first.pixel(x: 450, y: viewportHeight / 2 - 20) == Self.panelWhite)  // the loading view's panel
        #expect(first.pixel(x: 20, y: 20) == RGB(0xECEFF3))  // no cards around it
        var loadedPages: [Int] = []
        var position = 0
        while loadedPages.last.map({ $0 < 4 }) ?? true {
            #expect(demo.events(named: "loaded", after: position).isEmpty)  // nothing arrives before its signal
            kill(pid, SIGUSR1)
            let loaded = try demo.process.waitForEvent(after: position, limit: 30, "page \(loadedPages.count + 1)") {
                $0.name == "loaded"
            }
            loadedPages.append(loaded.event.int("page") ?? -1)
            #expect(loaded.event.int("items") == min(240, 60 * loadedPages.count))
            #expect(loaded.event["hasMore"] as? Bool == (loadedPages.count < 4))
            position = loaded.position + 1
            guard loadedPages.count < 4 else { break }
            // Go to the end: the view asks for the next page and shows the loading footer while it is pending.
            try demo.key("End")
            let asked = try demo.process.waitForEvent(after: position, "the request for page \(loadedPages.count + 1)")
            { $0.name == "loadMore" }
            #expect(asked.event.int("page") == loadedPages.count + 1)
            try demo.process.waitForEvent(after: asked.position, "the frame with the footer") { $0.name == "frame" }
            let shot = try demo.screenshot()
            let footer = Self.footerPixels(shot, viewportHeight: viewportHeight)
            #expect(footer.white > 2000, "page \(loadedPages.count + 1): no footer panel at the bottom")
            #expect(footer.blue > 0, "page \(loadedPages.count + 1): no progress bar in the footer")
            if loadedPages.count == 1 {
                try? shot.savePNG(
                    window: demo.window, display: demo.xvfb.display, to: artifactPath("load-more-footer.png"))
            }
        }
        #expect(loadedPages == [1, 2, 3, 4])
        try demo.process.waitForEvent(after: position, "the frame after the last page") { $0.name == "frame" }
        // Appending never moved the offset: the frame after each page is where the frame before it was.
        let all = demo.process.events
        for (index, event) in all.enumerated() where event.name == "loaded" {
            let before = all[..<index].last { $0.name == "frame" }?.double("offset")
            let after = all[(index + 1)...].first { $0.name == "frame" }?.double("offset")
            #expect(
                before != nil && before == after,
                "page \(event.int("page") ?? -1) moved the offset from \(String(describing: before)) to \(String(describing: after))"
            )
        }
        // Exhausted: the end asks for nothing more.
        let end = demo.eventCount
        try demo.key("End")
        try demo.wheel(notches: 3)
        try demo.process.waitForEvent(after: end, "a frame at the end") { $0.name == "frame" }
        #expect(demo.events(named: "loadMore", after: 0).count == 4)
        #expect(demo.events(named: "layout", after: 0).last?.int("items") == 240)
        #expect(demo.events(named: "layout", after: 0).last?.int("sections") == 6)
        demo.expectNoXErrors()
    }

    @Test func aFailedPageShowsARetryThatWorks() throws {
        let demo = try RunningDemo([
            "--load-more", "--page-size", "120", "--page-delay", "100", "--fail-every", "2",
            "--width", "900", "--height", "720", "--columns", "4",
        ])
        try demo.process.waitForEvent(limit: 30, "the first page") { $0.name == "loaded" }
        let start = demo.eventCount
        try demo.key("End")
        let failed = try demo.process.waitForEvent(after: start, limit: 30, "the failed second page") {
            $0.name == "loadFailed"
        }
        #expect(failed.event.int("page") == 2)
        #expect(failed.event.string("message") == "simulated network error on request 2 (page 2)")
        let errorFrame = try demo.process.waitForEvent(after: failed.position, "the frame with the error") {
            $0.name == "frame"
        }
        let shot = try demo.screenshot()
        #expect(Self.footerPixels(shot, viewportHeight: Int(demo.viewportHeight)).white > 2000)
        try? shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("load-more-failed.png"))
        // Nothing retries by itself: scrolling away from the end and back, which asks for a page when loading is
        // idle, and the animation frames in between, do not. (The view reads no clock, so no time can retry
        // either: LoadMoreTests.aFailureIsRetriedOnlyByARetryWhateverTheInputsAndTheirTimes.)
        let end = try #require(errorFrame.event.double("offset"))
        #expect(end >= 2 * demo.wheelStep)
        var sent = demo.eventCount
        try demo.wheel(notches: -2)
        try demo.waitForFrame(after: sent, offset: end - 2 * demo.wheelStep)
        sent = demo.eventCount
        try demo.wheel(notches: 3)
        try demo.waitForFrame(after: sent, offset: end)
        let notches = demo.process.events.dropFirst(failed.position).filter {
            $0.name == "input" && $0.string("kind") == "wheel"
        }
        #expect(notches.compactMap { $0.int("notches") }.reduce(0, +) == 1)
        #expect(demo.events(named: "loadMore", after: failed.position).isEmpty)
        // A click on the footer does.
        let click = demo.eventCount
        try demo.click(x: 450, y: demo.viewportHeight - 28)
        let retried = try demo.process.waitForEvent(after: click, "the retry") { $0.name == "loadMore" }
        #expect(retried.event.int("page") == 2)
        let loaded = try demo.process.waitForEvent(after: retried.position, limit: 30, "the second page") {
            $0.name == "loaded"
        }
        #expect(loaded.event.int("items") == 240)
        #expect(demo.events(named: "select", after: click).isEmpty)
        demo.expectNoXErrors()
    }

    @Test func aClickOnASectionHeaderIsNotASelection() throws {
        let demo = try RunningDemo(["--width", "1000", "--height", "720", "--columns", "4"])
        let layout = try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--columns", "4", "--height", String(Int(demo.viewportHeight)),
        ])
        let header = try #require(layout.elements.first { $0.kind == "header" })
        let start = demo.eventCount
        try demo.click(x: header.x + 40, y: header.midY)
        try demo.syncWithAPull(after: start)
        #expect(demo.process.events.dropFirst(start).filter { ["highlight", "select"].contains($0.name) }.isEmpty)
        // The same click on a card selects it.
        let card = try #require(layout.items.first)
        let cardClick = demo.eventCount
        try demo.click(x: card.midX, y: card.midY)
        let selected = try demo.process.waitForEvent(after: cardClick, "the selection") { $0.name == "select" }
        #expect(selected.event.int("section") == 0)
        #expect(selected.event.int("item") == 0)
        // The header shows its category in the title colour left of its middle.
        let shot = try demo.screenshot()
        let titlePixels = (Int(header.x)..<Int(header.x) + 120).filter { x in
            (Int(header.y)..<Int(header.y + header.height)).contains { shot.pixel(x: x, y: $0) == RGB(0x1F2328) }
        }
        #expect(!titlePixels.isEmpty)
        demo.expectNoXErrors()
    }
}
