import ProgramSupport
import SeededRandom
import Waterfall
import WaterfallCards
import WaterfallDemoKit
@_spi(Benchmarking) import WaterfallX11

/// Connects the catalog to the collection view (sections, headers, the footer at the end, loading pages) and,
/// with `--log-events`, reports what happens as JSON lines.
final class DemoController: CollectionViewDataSource, CollectionViewDelegate, WaterfallWindowObserver {
    var items: DemoItems
    /// How many cards Insert has made up.
    var insertedCount = 0
    /// Chooses the cards `r` re-measures and their new heights.
    /// The demo's seeded generator, so that its random edits repeat from run to run (and in `replay`).
    var random = SplitMix64(seed: 0x5EED)
    let loader: PagedLoader?
    let log: EventLog?
    weak var window: WaterfallWindow?
    /// Marks the first layout's start (its first question) and end, for `bench`.
    var timeline: DemoStartupTimeline?

    /// The cards' sizes in the caption font.
    let metrics: CardMetrics
    /// The window's pixels per point, for the log.
    var scale = 1.0

    /// `loader` makes the items arrive in pages; without one they are all there from the start.
    init(items: DemoItems, metrics: CardMetrics, loader: PagedLoader?, log: EventLog?) {
        self.items = items
        self.metrics = metrics
        self.loader = loader
        self.log = log
    }

    /// The layout questions, answered as the `layout` subcommand answers them.
    var layoutSource: DemoLayoutSource { DemoLayoutSource(items: items, metrics: metrics) }

    /// Makes `collectionView` show the items through this controller.
    func attach(to collectionView: CollectionView) {
        collectionView.register(forCellWithReuseIdentifier: CardCell.reuseIdentifier, factory: CardCell.init)
        SectionBarCell.register(with: collectionView)
        collectionView.emptyView = MessageView(message: "No cards to show")
        collectionView.loadingView = MessageView(message: "Loading cards...")
        collectionView.allowsPullToRefresh = true
        collectionView.isLoadMoreEnabled = loader != nil
        collectionView.loadMoreMessage = { [unowned self] state in loadMoreMessage(state) }
        collectionView.dataSource = self
        collectionView.delegate = self
    }

    // MARK: Data source

    var numberOfSections: Int {
        timeline?.mark(.window)  // a layout's first question
        return items.numberOfSections
    }

    func numberOfItems(inSection section: Int) -> Int {
        items.numberOfItems(inSection: section)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CardCell.reuseIdentifier)
        if let card = cell as? CardCell {
            let item = items[indexPath]
            (card.title, card.subtitle, card.color, card.metrics) = (item.title, item.subtitle, item.color, metrics)
        }
        return cell
    }

    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        // as DemoLayoutSource answers, without copying the items
        items.cardHeight(at: indexPath, width: width, metrics: metrics)
    }

    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool {
        items.isBanner(at: indexPath)
    }

    func itemsSpanningAllColumns(inSection section: Int, range: Range<Int>) -> [Int] {
        items.banners(inSection: section, range: range)
    }

    func heightsOfItems(
        inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>
    ) {
        items.fillCardHeights(inSection: section, range: range, width: width, metrics: metrics, into: heights)
    }

    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
        layoutSource.heightOfSupplementaryElement(ofKind: kind, inSection: section, width: width)
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        inSection section: Int
    ) -> CollectionViewCell? {
        let bar =
            kind == .header
            ? SectionBarCell.dequeue(
                from: collectionView, kind: kind, title: items.sectionTitles[section],
                detail: WallText.sectionCount(items.totalItems(inSection: section), of: .card))
            : SectionBarCell.dequeue(
                from: collectionView, kind: kind,
                title: WallText.catalogFooter(cards: items.shownCount, sections: items.sectionTitles.count))
        if let bar, let log { ViewEventLog(log: log).logBar(bar, kind: kind, section: section) }
        return bar
    }

    /// Asks the view again, in the batch of updates in progress, for the footer of the last section, which shows the
    /// totals, and for that of the section that was last before the batch (`lastBefore`: its index after the batch,
    /// `nil` when it is gone), which loses it when sections come after it.
    func reloadFooters(in view: CollectionView, lastBefore: Int?) throws {
        let sections = Set(
            [lastBefore, items.numberOfSections > 0 ? items.numberOfSections - 1 : nil].compactMap { $0 })
        if !sections.isEmpty { try view.reloadSupplementaryElements(ofKind: .footer, inSections: sections.sorted()) }
    }

    // MARK: Delegate

    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: ItemPath) {
        logItem("highlight", indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: ItemPath) {
        logItem("unhighlight", indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
        logItem("select", indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath) {
        logItem("deselect", indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: ItemPath) {
        logItem("activate", indexPath)
    }

    func collectionViewDidScroll(_ collectionView: CollectionView) {
        log?.log("scroll", [("offset", .number(collectionView.contentOffset))])
    }

    func collectionViewDidLayout(_ collectionView: CollectionView) {
        timeline?.mark(.layout)
        guard let log else { return }
        log.log(
            "layout",
            ViewEventLog.layoutFields(of: collectionView, origin: window?.viewportFrame.origin ?? .zero, scale: scale))
    }

    func collectionViewWillRefresh(_ collectionView: CollectionView) {
        log?.log("refresh", [("items", .int(items.availableCount))])
    }

    private func logItem(_ event: String, _ indexPath: ItemPath) {
        guard let log else { return }
        ViewEventLog(log: log).logItem(event, indexPath, index: items.index(of: indexPath))
    }

    // MARK: Loading pages

    /// The page after the cards already there, counted from 1.
    private var nextPage: Int { (loader?.pageSize).map { items.availableCount / $0 + 1 } ?? 1 }
    private var pageCount: Int { (loader?.pageSize).map { (items.source.count + $0 - 1) / $0 } ?? 1 }

    func collectionViewLoadMore(_ collectionView: CollectionView) {
        guard let loader else { return }
        log?.log("loadMore", [("page", .int(nextPage)), ("items", .int(items.availableCount))])
        collectionView.loadMoreFooterView.progress =
            items.source.count > 0 ? Double(items.availableCount) / Double(items.source.count) : 0
        loader.request(page: nextPage)
    }

    private func loadMoreMessage(_ state: LoadMoreState) -> String {
        switch state {
        case .loading:
            let loaded = "\(Noun.grouped(items.availableCount)) of \(Noun.card.counted(items.source.count))"
            return "Loading page \(nextPage) of \(pageCount) (\(loaded))..."
        default:
            return CollectionView.defaultLoadMoreMessage(state)
        }
    }

    /// Hands the pages that arrived to `collectionView` (on the window's thread, when the loader woke it).
    func deliverPages(to collectionView: CollectionView) {
        guard let loader else { return }
        for result in loader.takeResults() {
            switch result {
            case .loaded(let page):
                items.setAvailableCount(page * loader.pageSize)
                log?.log(
                    "loaded",
                    [
                        ("page", .int(page)), ("items", .int(items.availableCount)),
                        ("total", .int(items.source.count)),
                        ("hasMore", .bool(!items.isComplete)),
                    ])
                do {
                    try collectionView.finishLoadingMore(.loaded(hasMore: !items.isComplete))
                } catch {
                    log?.log("loadFailed", [("page", .int(page)), ("message", .string("\(error)"))])
                }
            case .failed(let page, let message):
                log?.log("loadFailed", [("page", .int(page)), ("message", .string(message))])
                try? collectionView.finishLoadingMore(.failed(message))
            }
        }
    }

    // MARK: Window

    func windowDidPresentFirstFrame(_ window: WaterfallWindow) {
        guard let log else { return }
        log.log(
            "ready",
            [
                ("window", .int(Int(window.windowID))), ("xinput2", .bool(window.usesXInput2)),
                ("xdbe", .bool(window.usesDoubleBufferExtension)),
            ]
                + ViewEventLog.layoutFields(
                    of: window.collectionView, origin: window.viewportFrame.origin, scale: scale))
    }

    func window(_ window: WaterfallWindow, willApply input: ViewInput) {
        logInput(.view(input))
    }

    func window(_ window: WaterfallWindow, didChangeCursorTo shape: CursorShape) {
        log?.log("cursor", [("shape", .string(shape.rawValue))])
    }

    /// Logs `input` as an `input` event: every input, in order, so that `replay` can repeat the session.
    func logInput(_ input: RecordedInput) {
        log?.log("input", input.logFields)
    }

    func windowDidPresentFrame(_ window: WaterfallWindow) {
        log?.log(
            "frame",
            ViewEventLog.frameFields(
                of: window.collectionView, requests: window.requestsInLastFrame,
                roundTrips: window.roundTripsInLastFrame))
    }

    /// How many distinct colours the viewport shows: the cards' pictures in view plus the fixed colours of
    /// the background, captions, texts, status bar and selection, the section rule when a header shows, and the
    /// scroll bar's track and thumb.
    func coloursOnScreen(of view: CollectionView) -> Int {
        var colours = Set(view.indexPathsForItemsInViewport.map { items[$0].color })
        let cards = CardColors()
        colours.formUnion([
            view.backgroundColor, cards.caption, cards.title, cards.subtitle,
            cards.selection, ProgramLook.statusBarColor, ProgramLook.statusTextColor,
        ])
        if !view.visibleSupplementaryViews.isEmpty { colours.insert(cards.rule) }
        if view.scrollBarWidth > 0 { colours.insert(view.scrollBarTrackColor) }
        if view.scrollBar.thumb != nil {
            colours.insert(view.isDraggingScrollBar ? view.scrollBarDraggedThumbColor : view.scrollBarThumbColor)
        }
        return colours.count
    }

    /// The status bar's text.
    func statusText(for view: CollectionView) -> String {
        let selected = view.selectedItems.count
        let selection =
            selected > 1
            ? Noun.card.counted(selected)
            : view.selectedItem.map { "#\(items.index(of: $0)) \(items[$0].title)" } ?? "none"
        let loaded =
            items.isComplete
            ? Noun.item.counted(items.shownCount)
            : "\(Noun.grouped(items.shownCount)) of \(Noun.item.counted(items.totalCount))"
        return
            "\(loaded) | \(Noun.section.counted(view.numberOfSections)) | \(Noun.column.counted(view.layout.columnCount)) | "
            + "\(Noun.grouped(view.visibleCells.count)) visible | "
            + "\(Noun.grouped(view.reusePool.created)) created, \(Noun.grouped(view.reusePool.reused)) reused | selected: \(selection)"
    }

    /// The fields of the `exit` and `state` events (`ViewEventLog.stateFields`).
    func stateFields(_ view: CollectionView) -> [(String, JSONValue)] {
        ViewEventLog.stateFields(of: view) { items.index(of: $0) }
    }
}
