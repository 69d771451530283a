@testable import Waterfall

/// Sections for layout tests: item heights per section, banners, header and footer heights, styles.
/// A class, so that tests can change the data between calls and read which heights were asked.
final class SectionsSource: CollectionLayoutSource {
    var sections: [[Double]]
    var banners: Set<ItemPath> = []
    var headers: [Int: Double] = [:]
    var footers: [Int: Double] = [:]
    var styles: [Int: SectionStyle] = [:]
    /// Item identities per section, which cells remember instead of section * 1000 + item when set.
    var ids: [[Int]]?
    /// Every item whose height was asked, in order.
    private(set) var asked: [ItemPath] = []

    init(_ sections: [[Double]]) {
        self.sections = sections
    }

    var numberOfSections: Int { sections.count }
    func numberOfItems(inSection section: Int) -> Int { sections[section].count }
    func style(ofSection section: Int) -> SectionStyle { styles[section] ?? SectionStyle() }
    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        asked.append(indexPath)
        return sections[indexPath.section][indexPath.item]
    }
    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool { banners.contains(indexPath) }
    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
        barHeightsAsked.append(ElementID(kind: kind, indexPath: ItemPath(item: 0, section: section)))
        return (kind == .header ? headers : footers)[section] ?? 0
    }
    /// Every header and footer height asked, in order.
    private(set) var barHeightsAsked: [ElementID] = []
    /// Forgets the heights asked so far: the items' and the headers' and footers'.
    func forgetAsked() {
        asked = []
        barHeightsAsked = []
    }
}

/// A header or footer view that remembers its element, and draws its text, when it has one, at its top left.
final class BarView: CollectionViewCell {
    static let identifier = "bar"
    static let textColor = Color(rgb: 0x202124)
    var element: ElementID?
    var text: String?
    init() { super.init(reuseIdentifier: Self.identifier) }
    override func prepareForReuse() {
        super.prepareForReuse()
        element = nil
        text = nil
    }
    override func draw(in canvas: Canvas, frame: Rect) {
        canvas.fill(frame, color: Color(rgb: 0x102030 &+ UInt32(element?.indexPath.section ?? 0)))
        if let text {
            canvas.drawText(text, at: Point(x: frame.minX, y: frame.minY + canvas.ascent), color: Self.textColor)
        }
    }
}

/// A collection view over `SectionsSource` data that records the delegate's calls and answers load-more
/// requests only when the test says so.
final class SectionHarness: CollectionViewDataSource, CollectionViewDelegate {
    let view: CollectionView
    let data: SectionsSource
    var log: [String] = []
    var isLoading = false
    /// Runs inside `collectionViewLoadMore`, for delegates that answer at once.
    var onLoadMore: ((SectionHarness) throws -> Void)?
    /// The text each header or footer view is given, by element.
    var barTexts: [ElementID: String] = [:]
    /// Every header and footer view the view asked for, in order.
    private(set) var barsAsked: [ElementID] = []

    init(
        _ data: SectionsSource, columns: Int = 2, viewport: Size = Size(width: 230, height: 200), overscan: Double = 0
    ) throws {
        self.data = data
        view = CollectionView(
            layout: CollectionLayout(
                columnCount: columns, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10)),
            columnPolicy: .fixed(columns), overscan: overscan, scrollBarWidth: 0)
        view.register(forCellWithReuseIdentifier: TestCell.identifier) { TestCell() }
        view.register(forCellWithReuseIdentifier: BarView.identifier) { BarView() }
        view.dataSource = self
        view.delegate = self
        try view.setViewportSize(viewport)
    }

    var numberOfSections: Int { data.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { data.numberOfItems(inSection: section) }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: TestCell.identifier)
        (cell as? TestCell)?.item =
            data.ids?[indexPath.section][indexPath.item] ?? indexPath.section * 1000 + indexPath.item
        return cell
    }
    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? {
        data.heightOfItem(at: indexPath, width: columnWidth)
    }
    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool {
        data.itemSpansAllColumns(at: indexPath)
    }
    func style(ofSection section: Int) -> SectionStyle { data.style(ofSection: section) }
    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
        data.heightOfSupplementaryElement(ofKind: kind, inSection: section, width: width)
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        inSection section: Int
    ) -> CollectionViewCell? {
        let bar = collectionView.dequeueReusableCell(withReuseIdentifier: BarView.identifier) as? BarView
        let element = ElementID(kind: kind, indexPath: ItemPath(item: 0, section: section))
        bar?.element = element
        bar?.text = barTexts[element]
        barsAsked.append(element)
        return bar
    }
    func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool { isLoading }

    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: ItemPath) -> Bool {
        log.append("shouldHighlight(\(indexPath))")
        return true
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
        log.append("didSelect(\(indexPath))")
    }
    func collectionViewLoadMore(_ collectionView: CollectionView) {
        log.append("loadMore")
        do {
            try onLoadMore?(self)
        } catch {
            log.append("error: \(error)")
        }
    }
    func collectionViewWillRefresh(_ collectionView: CollectionView) { log.append("willRefresh") }

    /// How many times the view asked to load more.
    var loadMoreRequests: Int { log.filter { $0 == "loadMore" }.count }
}
