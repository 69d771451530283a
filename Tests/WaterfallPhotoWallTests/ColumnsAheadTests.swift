import Dispatch
import Testing
import Waterfall
import WaterfallCards

@testable import WaterfallPhotoWall

/// The wall's columns laid out ahead for the next grid zoom step: made on their own thread from a copy of the
/// aspects, given once each, and only while the wall's aspects are still those.
struct ColumnsAheadTests {
    static let aspects: [[Double]] = [(0..<500).map { [0.75, 1.5, 1.0][$0 % 3] }, (0..<20).map { _ in 0.75 }]

    /// Lays out `aspects` at 3 and 5 columns and waits until it says they are made.
    func madeAhead(_ aspects: [[Double]] = Self.aspects) throws -> ColumnsAhead {
        let finished = DispatchSemaphore(value: 0)
        let ahead = ColumnsAhead { finished.signal() }
        ahead.start(
            ColumnsAhead.Request(
                aspects: aspects, metrics: CardMetrics(), width: 900, columnCounts: [3, 5], columnSpacing: 12,
                rowSpacing: 12, sideInsets: EdgeInsets(top: 0, left: 12, bottom: 0, right: 12),
                placement: .shortestColumn))
        try #require(finished.wait(timeout: .now() + 30) == .success, "the columns were not made")
        #expect(!ahead.isBusy)
        #expect(ahead.takeFinished() == [3, 5])
        #expect(ahead.takeFinished() == nil)  // said once
        return ahead
    }

    @Test func eachSectionsColumnsAreGivenOnceAtTheirCount() throws {
        let ahead = try madeAhead()
        let columns = try #require(ahead.take(section: 0, columnCount: 5, aspects: Self.aspects[0]))
        #expect(columns.columnCount == 5 && columns.numberOfItems == 500 && columns.width == 900)
        // Card 0 is 0.75 × the column width tall, over a caption of CardMetrics' height.
        let width = (900 - 24 - 4 * 12) / 5.0
        #expect(
            columns.layoutAttributesForItem(at: 0)?.frame
                == Rect(
                    x: 12, y: 0, width: width,
                    height: (0.75 * width).rounded() + CardMetrics().captionHeight))
        #expect(ahead.take(section: 0, columnCount: 5, aspects: Self.aspects[0]) == nil)  // the layout owns it now
        #expect(ahead.take(section: 1, columnCount: 3, aspects: Self.aspects[1])?.numberOfItems == 20)
        #expect(ahead.take(section: 1, columnCount: 4, aspects: Self.aspects[1]) == nil)  // not a count made
        #expect(ahead.take(section: 2, columnCount: 3, aspects: []) == nil)  // no such section
    }

    @Test func cardsChangedSinceAreNotGivenColumnsMadeBefore() throws {
        let ahead = try madeAhead()
        var changed = Self.aspects[0]
        changed[250] = 2.0  // a photo's size became known, or another photo took its place
        #expect(ahead.take(section: 0, columnCount: 3, aspects: changed) == nil)
        #expect(ahead.take(section: 0, columnCount: 3, aspects: Array(Self.aspects[0].dropLast())) == nil)
        // Equal aspects in storage of their own are the same cards.
        #expect(ahead.take(section: 0, columnCount: 3, aspects: Self.aspects[0].map { $0 }) != nil)
    }

    @Test func cancellingDropsWhatWasMade() throws {
        let ahead = try madeAhead()
        ahead.cancel()
        #expect(ahead.take(section: 0, columnCount: 3, aspects: Self.aspects[0]) == nil)
        #expect(!ahead.isBusy)
    }
}
