import Testing

@testable import Waterfall

/// The elements in the viewport in reading order: what a screen reader is given of a view.
struct ElementsInViewportTests {
    /// Two sections with headers, the first with a footer, in two columns: the tall second item puts items 2 and 3
    /// under item 0, so the columns' order (items 0, 2, 3, then 1) is not the items' order.
    func harness() throws -> SectionHarness {
        let data = SectionsSource([[40, 150, 40, 40], [60, 60, 60]])
        data.headers = [0: 20, 1: 20]
        data.footers = [0: 15]
        return try SectionHarness(data, columns: 2, viewport: Size(width: 230, height: 200))
    }

    @Test func theyAreEachSectionsHeaderItsCellsByItemAndItsFooter() throws {
        let harness = try harness()
        let view = harness.view
        #expect(
            Array(view.elementsInViewport.prefix(5)) == [
                .header(0), .cell(ItemPath(item: 0, section: 0)), .cell(ItemPath(item: 1, section: 0)),
                .cell(ItemPath(item: 2, section: 0)), .cell(ItemPath(item: 3, section: 0)),
            ])
        view.setContentOffset(160)
        let elements = view.elementsInViewport
        #expect(elements.first == .cell(ItemPath(item: 1, section: 0)))  // the tall one, still in view
        #expect(elements.contains(.footer(0)) && elements.contains(.header(1)))
        #expect(elements.firstIndex(of: .footer(0))! < elements.firstIndex(of: .header(1))!)
        // Exactly the elements whose frames meet the viewport, and only they.
        let viewport = Rect(x: 0, y: 160, width: 230, height: 200)
        let all = view.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 10_000))
        let meeting = all.filter { $0.kind != .loadMoreFooter && $0.frame.intersects(viewport) }
            .map { ElementID(kind: $0.kind, indexPath: $0.indexPath) }
        #expect(Set(elements) == Set(meeting) && elements.count == meeting.count)
    }
}
