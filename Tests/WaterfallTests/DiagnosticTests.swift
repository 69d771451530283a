import Testing

@testable import Waterfall

/// A data source that misbehaves on demand: it indexes its array as real ones do (so a cell asked beyond its
/// count would trap), and can dequeue an unregistered identifier or make its cells itself.
private final class ArraySource: CollectionViewDataSource {
    var items: [Int]
    var identifier = "card"
    var makesCellsItself = false
    var askedCells: [ItemPath] = []

    init(count: Int) { items = Array(0..<count) }

    func numberOfItems(inSection section: Int) -> Int { items.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        askedCells.append(indexPath)
        _ = items[indexPath.item]
        if makesCellsItself { return CollectionViewCell(reuseIdentifier: identifier) }
        return collectionView.dequeueReusableCell(withReuseIdentifier: identifier)
    }

    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? {
        _ = items[indexPath.item]
        return 100
    }
}

@Suite struct DiagnosticTests {
    private func makeView(count: Int, register: Bool = true) throws -> (CollectionView, ArraySource, Box) {
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: .zero),
            columnPolicy: .fixed(2), overscan: 0, scrollBarWidth: 0)
        let source = ArraySource(count: count)
        let box = Box()
        view.diagnosticHandler = { box.reported.append($0) }
        if register {
            view.register(forCellWithReuseIdentifier: "card") { CollectionViewCell(reuseIdentifier: "card") }
        }
        view.dataSource = source
        try view.setViewportSize(Size(width: 210, height: 300))
        return (view, source, box)
    }

    private final class Box { var reported: [CollectionViewDiagnostic] = [] }

    /// A delegate that only takes the requests for more items (the test answers them).
    private final class LoadMoreAsker: CollectionViewDelegate {
        var requests = 0
        func collectionViewLoadMore(_ collectionView: CollectionView) { requests += 1 }
    }

    @Test func aShrunkCountWithoutAnUpdateIsReportedOnceAndNoCellIsAskedBeyondIt() throws {
        let (view, source, box) = try makeView(count: 40)  // 20 rows of 110 px; the viewport shows rows 0-2
        source.items.removeLast(35)
        source.askedCells = []
        view.setContentOffset(500)  // rows 4-7: items 8-15, none of which the data source has now
        view.setContentOffset(560)
        #expect(box.reported == [.itemCountChangedWithoutUpdate(section: 0, laidOut: 40, reported: 5)])
        #expect(source.askedCells == [])
        view.checkInvariants()
        view.setContentOffset(0)  // items 0-4 still exist: asked; 5 does not
        #expect(source.askedCells.allSatisfy { $0.item < 5 })
        #expect(!source.askedCells.isEmpty)
        try view.reloadData()  // the update call: the layout follows and nothing more is reported
        #expect(view.numberOfItems == 5)
        #expect(box.reported.count == 1)
        view.checkInvariants()
        #expect(
            box.reported.first?.description
                == "section 0 has 5 items in the data source but 40 laid out, and no update call "
                + "said so; call reloadData(), insertItems(at:), deleteItems(at:)... when the data changes")
    }

    @Test func aGrownCountWithoutAnUpdateIsReported() throws {
        let (view, source, box) = try makeView(count: 40)
        source.items += [40, 41]
        view.setContentOffset(500)
        #expect(box.reported == [.itemCountChangedWithoutUpdate(section: 0, laidOut: 40, reported: 42)])
        view.checkInvariants()
    }

    @Test func itemsThatArriveWhileALoadOfMoreIsPendingAreNotAMismatch() throws {
        let (view, source, box) = try makeView(count: 40)
        let delegate = LoadMoreAsker()
        view.delegate = delegate
        view.isLoadMoreEnabled = true
        view.setContentOffset(1_900)  // near the end: the view asks for more
        #expect(view.loadMoreState == .loading)
        source.items += [40, 41]  // the page is in the data source before the answer
        view.setContentOffset(1_800)
        #expect(box.reported == [])
        try view.finishLoadingMore(.loaded(hasMore: false))
        #expect(view.numberOfItems == 42)
        source.items += [42]  // no load pending now: growth without an update is reported
        view.setContentOffset(0)
        #expect(box.reported == [.itemCountChangedWithoutUpdate(section: 0, laidOut: 42, reported: 43)])
    }

    @Test func anUnregisteredIdentifierGetsAPlaceholderThatSaysSo() throws {
        let (view, source, box) = try makeView(count: 4, register: false)
        _ = source
        #expect(box.reported.first == .unregisteredReuseIdentifier("card", item: ItemPath(item: 0, section: 0)))
        #expect(box.reported.count == 4)
        let placeholder = try #require(view.visibleCells[ItemPath(item: 0, section: 0)] as? MessageView)
        #expect(placeholder.reuseIdentifier == "card")
        #expect(placeholder.message == "No cell registered for 'card'")
        view.checkInvariants()
        #expect(
            box.reported.first?.description
                == "no cell is registered for reuse identifier 'card' (asked for item 0.0); call register(forCellWithReuseIdentifier:factory:) first"
        )
    }

    @Test func aFactoryThatMakesTheWrongIdentifierIsReported() throws {
        let view = CollectionView(columnPolicy: .fixed(2), scrollBarWidth: 0)
        var reported: [CollectionViewDiagnostic] = []
        view.diagnosticHandler = { reported.append($0) }
        view.register(forCellWithReuseIdentifier: "a") { CollectionViewCell(reuseIdentifier: "b") }
        let cell = view.dequeueReusableCell(withReuseIdentifier: "a")
        #expect(cell.reuseIdentifier == "b")
        #expect(reported == [.factoryMadeWrongReuseIdentifier(registered: "a", made: "b")])
        #expect(view.reusePool.created == 1)
    }

    @Test func aCellThatWasNotDequeuedIsReportedWithItsItem() throws {
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 1, insets: .zero), columnPolicy: .fixed(1),
            overscan: 0, scrollBarWidth: 0)
        let source = ArraySource(count: 1)
        source.makesCellsItself = true
        source.identifier = "handmade"
        var reported: [CollectionViewDiagnostic] = []
        view.diagnosticHandler = { reported.append($0) }
        view.dataSource = source
        try view.setViewportSize(Size(width: 100, height: 100))
        #expect(reported == [.cellWithUnregisteredReuseIdentifier("handmade", item: ItemPath(item: 0, section: 0))])
        #expect(view.visibleCells.count == 1)
    }

    /// A cell the data source made itself (not dequeued) is adopted by the pool: counted as created, so the views
    /// in existence and in the pool still add up to the views created, before and after it scrolls out.
    @Test(arguments: ["card", "handmade"])
    func aCellThatWasNotDequeuedIsCountedAsCreated(identifier: String) throws {
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 1, rowSpacing: 0, insets: .zero), columnPolicy: .fixed(1),
            overscan: 0, scrollBarWidth: 0)
        view.register(forCellWithReuseIdentifier: "card") { CollectionViewCell(reuseIdentifier: "card") }
        let source = ArraySource(count: 4)
        source.makesCellsItself = true
        source.identifier = identifier
        view.diagnosticHandler = { _ in }
        view.dataSource = source
        try view.setViewportSize(Size(width: 100, height: 100))
        #expect(view.visibleCells.count == 1)
        #expect(view.reusePool.created == 1)
        view.setContentOffset(300)
        #expect(source.askedCells == [ItemPath(item: 0, section: 0), ItemPath(item: 3, section: 0)])
        #expect(view.visibleCells.count == 1)
        #expect(view.reusePool.count == 1)
        #expect(view.reusePool.created == 2)
    }
}
