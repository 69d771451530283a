import Foundation
import Testing
import XvfbSupport

/// A burst of 1,000 resizes, as a window manager sends them during a drag, is applied as some of its sizes, at most
/// one between two frames and each laid out once, and it ends laid out, and drawn, for the last size.
@Suite(.serialized)
struct ResizeBurstTests {
    @Test func aThousandResizesAreAppliedAtMostOncePerFrameAndEndWithTheLayoutOfTheLastSize() throws {
        let demo = try RunningDemo(["--width", "1000", "--height", "720"])
        #expect(demo.ready.int("columns") == 5)
        let start = demo.eventCount
        // Alternately portrait and landscape, each size a little different, then a size seen nowhere before.
        let burst =
            (0..<999).map {
                $0.isMultiple(of: 2) ? (width: 640 + $0 % 50, height: 960) : (width: 1100 - $0 % 50, height: 650)
            }
            + [(width: 1013, height: 741)]
        try resizeWindow(demo.window, through: burst, display: demo.xvfb.display)
        let last = try demo.process.waitForEvent(after: start, "the last size") {
            $0.name == "input" && $0.string("kind") == "resize" && $0.double("width") == 1013
                && $0.double("height") == 721
        }
        let (frame, framePosition) = try demo.process.waitForEvent(after: last.position, "the frame after it") {
            $0.name == "frame"
        }

        // How many sizes are applied depends on how fast the program drains the burst: at most one per display
        // frame (16.7 ms, the window's clock; ResizeCoalescingTests proves that on a manual clock). What holds on
        // any machine: the applied sizes are some of those sent, in order, each a change, the last one last;
        // the first after the rest at once; a frame between two of them; each laid out once, for its size.
        let events = Array(demo.process.events[start...framePosition])
        let resizes = events.filter { $0.name == "input" && $0.string("kind") == "resize" }
        let layouts = events.filter { $0.name == "layout" }
        let applied = resizes.map {
            ViewportSize(width: Int($0.double("width") ?? -1), height: Int($0.double("height") ?? -1))
        }
        let sent =
            [ViewportSize(width: 1000, height: 700)]
            + burst.map { ViewportSize(width: $0.width, height: $0.height - 20) }
        #expect(applied.last == ViewportSize(width: 1013, height: 721))
        #expect(applied.isOrderedSubsequence(of: sent.dropFirst()), "applied \(applied)")
        #expect(zip([sent[0]] + applied, applied).allSatisfy { $0 != $1 }, "applied \(applied)")
        let kinds = events.compactMap { event -> String? in
            switch event.name {
            case "input" where event.string("kind") == "resize": return "resize"
            case "layout", "frame": return event.name
            default: return nil
            }
        }
        #expect(kinds.first == "resize")
        #expect(kinds.last == "frame")
        #expect(
            kinds.split(separator: "resize").allSatisfy {
                $0.first == "layout" && $0.filter { $0 == "layout" }.count == 1 && $0.contains("frame")
            },
            "resizes, layouts and frames: \(kinds)")
        #expect(zip(resizes, layouts).allSatisfy { $0.double("height") == $1.double("viewport", "height") })
        print("resize burst: 1000 resizes, \(resizes.count) applied, \(layouts.count) relayouts")

        // The last layout is the one for the last size: the `layout` subcommand's for its cards' area.
        let layout = try #require(layouts.last)
        let expected = try runLayoutCommand(["--width", "1001", "--height", "721"])
        #expect(layout.double("viewport", "width") == 1001)  // the cards' area: the window less its 12 px scroll bar
        #expect(layout.double("viewport", "height") == 721)
        #expect(layout.double("scrollBar", "x") == 1001)
        #expect(layout.double("scrollBar", "width") == 12)
        #expect(layout.int("columns") == 5)
        #expect(layout.double("columnWidth") == expected.summary.double("columnWidth"))
        #expect(layout.double("contentHeight") == expected.summary.double("contentHeight"))
        #expect(frame.double("offset") == 0)
        // And it is what the window shows: the cards at the top have their colours where the layout puts them.
        let shot = try demo.screenshot()
        #expect((shot.width, shot.height) == (1013, 741))
        let colors = try bundledCatalogColors()
        let top = expected.items.filter { $0.y + 10 < 721 }
        #expect(top.count == 8)  // seven cards and a banner
        for card in top {
            #expect(shot.pixel(x: Int(card.x) + 10, y: Int(card.y) + 10) == colors[card.index], "card \(card.index)")
        }
        #expect(demo.process.isRunning)
        demo.expectNoXErrors()
    }
}

/// A viewport's size in whole pixels, as the burst sends it and the `resize` input reports it.
private struct ViewportSize: Equatable, CustomStringConvertible {
    var width: Int
    var height: Int
    var description: String { "\(width)x\(height)" }
}

extension Array where Element: Equatable {
    /// Whether every element of `self` is in `other`, in the same order (not necessarily adjacent).
    fileprivate func isOrderedSubsequence<Other: Collection>(of other: Other) -> Bool where Other.Element == Element {
        var rest = other[...]
        for element in self {
            guard let index = rest.firstIndex(of: element) else { return false }
            rest = rest[rest.index(after: index)...]
        }
        return true
    }
}
