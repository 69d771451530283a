import Testing

@_spi(Testing) @testable import Waterfall

/// A placeholder that records where it was drawn.
private final class Placeholder: CollectionViewCell {
    var drawnFrames: [Rect] = []
    init(_ identifier: String) { super.init(reuseIdentifier: identifier) }
    override func draw(in canvas: Canvas, frame: Rect) { drawnFrames.append(frame) }
}

private final class LoadingSource: CollectionViewDataSource {
    var count = 0
    var isLoading = true
    func numberOfItems(inSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: TestCell.identifier)
    }
    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? { 40 }
    func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool { isLoading }
}

/// PSCollectionView's empty and loading views: shown, filling the viewport, when there are no items.
struct PlaceholderViewTests {
    private func makeView(_ source: LoadingSource) throws -> (CollectionView, Placeholder, Placeholder) {
        let view = CollectionView(layout: CollectionLayout(columnCount: 2), columnPolicy: .fixed(2), scrollBarWidth: 0)
        view.register(forCellWithReuseIdentifier: TestCell.identifier) { TestCell() }
        view.dataSource = source
        let empty = Placeholder("empty")
        let loading = Placeholder("loading")
        view.emptyView = empty
        view.loadingView = loading
        try view.setViewportSize(Size(width: 200, height: 150))
        return (view, empty, loading)
    }

    @Test func theLoadingViewShowsWhileTheFirstItemsLoadThenTheEmptyView() throws {
        let source = LoadingSource()
        let (view, empty, loading) = try makeView(source)
        view.draw(in: RecordingCanvas(), at: Point(x: 5, y: 5))
        #expect(loading.drawnFrames == [Rect(x: 5, y: 5, width: 200, height: 150)])
        #expect(empty.drawnFrames.isEmpty)

        source.isLoading = false
        try view.reloadData()
        view.draw(in: RecordingCanvas(), at: Point(x: 5, y: 5))
        #expect(empty.drawnFrames == [Rect(x: 5, y: 5, width: 200, height: 150)])
        #expect(view.indexPathForItem(at: Point(x: 100, y: 75)) == nil)
    }

    @Test func itemsReplaceThePlaceholder() throws {
        let source = LoadingSource()
        let (view, empty, loading) = try makeView(source)
        source.count = 3
        source.isLoading = false
        try view.reloadData()
        #expect(view.placeholderView == nil)
        view.draw(in: RecordingCanvas())
        #expect(empty.drawnFrames.isEmpty && loading.drawnFrames.isEmpty)
        #expect(view.visibleCells.count == 3)
    }
}
