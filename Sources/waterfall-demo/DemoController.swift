import Waterfall
import WaterfallX11

/// Connects the catalog to the collection view and, with `--log-events`, reports what happens as JSON lines.
final class DemoController: CollectionViewDataSource, CollectionViewDelegate, WaterfallWindowObserver {
    let items: ItemSource
    let log: EventLog?
    weak var window: WaterfallWindow?

    init(items: ItemSource, log: EventLog?) {
        self.items = items
        self.log = log
    }

    /// Makes `collectionView` show the items through this controller.
    func attach(to collectionView: CollectionView) {
        collectionView.register(forCellWithReuseIdentifier: CardCell.reuseIdentifier, factory: CardCell.init)
        collectionView.emptyView = MessageCell(message: "No cards to show")
        collectionView.loadingView = MessageCell(message: "Loading cards...")
        collectionView.dataSource = self
        collectionView.delegate = self
    }

    // MARK: Data source

    func numberOfItems(in collectionView: CollectionView) -> Int { items.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt index: Int) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CardCell.reuseIdentifier)
        (cell as? CardCell)?.item = items[index]
        return cell
    }

    func collectionView(_ collectionView: CollectionView, heightForItemAt index: Int, columnWidth: Double) -> Double? {
        CardMetrics.height(aspect: items.aspect(at: index), columnWidth: columnWidth)
    }

    // MARK: Delegate

    func collectionView(_ collectionView: CollectionView, didHighlightItemAt index: Int) { logItem("highlight", index) }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt index: Int) { logItem("unhighlight", index) }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt index: Int) { logItem("select", index) }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt index: Int) { logItem("deselect", index) }

    func collectionViewDidScroll(_ collectionView: CollectionView) {
        log?.log("scroll", [("offset", .number(collectionView.contentOffset))])
    }

    func collectionViewDidLayout(_ collectionView: CollectionView) {
        guard let log else { return }
        log.log("layout", layoutFields(collectionView))
    }

    private func logItem(_ event: String, _ index: Int) {
        log?.log(event, [("index", .int(index))])
    }

    // MARK: Window

    func windowDidPresentFirstFrame(_ window: WaterfallWindow) {
        guard let log else { return }
        log.log("ready", [("window", .int(Int(window.windowID)))] + layoutFields(window.collectionView))
    }

    func windowDidPresentFrame(_ window: WaterfallWindow) {
        let view = window.collectionView
        log?.log("frame", [("offset", .number(view.contentOffset)), ("visible", .int(view.visibleCells.count)),
                           ("created", .int(view.reusePool.created)), ("reused", .int(view.reusePool.reused)),
                           ("requests", .int(window.requestsInLastFrame)), ("roundTrips", .int(window.roundTripsInLastFrame))])
    }

    /// How many distinct colours the viewport shows: the cards' pictures in view plus the fixed colours of
    /// the background, captions, texts, status bar and selection.
    func coloursOnScreen(of view: CollectionView) -> Int {
        var colours = Set(view.indicesOfItemsInViewport.map { items.color(at: $0) })
        colours.formUnion([view.backgroundColor, CardColors.caption, CardColors.title, CardColors.subtitle,
                           CardColors.selection, WaterfallWindow.statusBarColor, WaterfallWindow.statusTextColor])
        return colours.count
    }

    /// The status bar's text.
    func statusText(for view: CollectionView) -> String {
        let selection = view.selectedItem.map { "#\($0) \(items[$0].title)" } ?? "none"
        return "\(items.count) items | \(view.layout.columnCount) columns | \(view.visibleCells.count) visible | "
            + "\(view.reusePool.created) created, \(view.reusePool.reused) reused | selected: \(selection)"
    }

    /// The fields the `ready` and `layout` events share.
    private func layoutFields(_ view: CollectionView) -> [(String, JSONValue)] {
        let viewport = window?.viewportFrame ?? Rect(origin: .zero, size: view.viewportSize)
        return [
            ("viewport", .object([("x", .number(viewport.minX)), ("y", .number(viewport.minY)),
                                  ("width", .number(viewport.width)), ("height", .number(viewport.height))])),
            ("columns", .int(view.layout.columnCount)),
            ("columnWidth", .number(view.layout.columnWidth)),
            ("contentHeight", .number(view.contentSize.height)),
            ("items", .int(view.numberOfItems)),
            ("wheelStep", .number(view.scroll.wheelStep)),
        ]
    }
}
