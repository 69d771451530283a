import Waterfall

/// A layout asked directly of the core, as a library user may: sections with their own column counts, insets,
/// spacing and placement, item heights and header and footer heights, none of them checked first (0, negative,
/// NaN, infinite, huge, or left to the column width). `prepare` must throw a `LayoutError` that says what is wrong,
/// or lay out every item within its invariants.
struct UncheckedLayout: CollectionLayoutSource {
    static let counts = [3, 1, 2, 5, 64, 0, 65, -1, Int.max, Int.min]
    static let lengths: [Double] = [
        8, 0, 0.5, 12, -1, -0.0, .nan, .infinity, -.infinity, 1e308, .leastNonzeroMagnitude, 32767, 1e9,
    ]
    static let heights: [Double?] = [
        100, 40, 1, 0, 123.5, nil, -1, .nan, .infinity, 1e308, .leastNonzeroMagnitude, 1e15,
    ]
    static let widths: [Double] = [1024, 320, 1, 0, 0.5, 32767, -1, .nan, .infinity, 1e300]
    static let placements: [ItemPlacement] = [.shortestColumn, .leftToRight, .rightToLeft]

    var styles: [SectionStyle]
    var itemHeights: [[Double?]]
    var banners: [[Bool]]
    var headerHeights: [Double]
    var footerHeights: [Double]

    static func run(_ choices: inout FuzzBytes) {
        let layout = CollectionLayout(
            columnCount: choices.pick(counts), columnSpacing: choices.pick(lengths),
            rowSpacing: choices.pick(lengths), insets: insets(&choices), placement: choices.pick(placements))
        var source = UncheckedLayout(styles: [], itemHeights: [], banners: [], headerHeights: [], footerHeights: [])
        for _ in 0..<choices.choice(4) {
            var style = SectionStyle()
            if choices.flag() { style.columnCount = choices.pick(counts) }
            if choices.flag() { style.insets = insets(&choices) }
            if choices.flag() { style.columnSpacing = choices.pick(lengths) }
            if choices.flag() { style.rowSpacing = choices.pick(lengths) }
            if choices.flag() { style.placement = choices.pick(placements) }
            source.styles.append(style)
            let count = choices.choice(300)
            source.itemHeights.append((0..<count).map { _ in choices.pick(heights) })
            source.banners.append((0..<count).map { _ in choices.choice(8) == 0 })
            source.headerHeights.append(choices.flag() ? choices.pick(lengths) : 0)
            source.footerHeights.append(choices.flag() ? choices.pick(lengths) : 0)
        }
        do {
            try layout.prepare(width: choices.pick(widths), source: source)
        } catch let error as LayoutError {
            precondition(!"\(error)".isEmpty, "a layout error without a message")
            precondition(!layout.isValid && layout.numberOfSections == 0, "a failed layout kept sections")
            return
        } catch {
            preconditionFailure("prepare threw something other than a LayoutError: \(error)")
        }
        precondition(
            layout.numberOfItems == source.itemHeights.reduce(0) { $0 + $1.count }, "items missing from the layout")
        LayoutChecks.check(layout, everyItemHasArea: false)
    }

    private static func insets(_ choices: inout FuzzBytes) -> EdgeInsets {
        EdgeInsets(
            top: choices.pick(lengths), left: choices.pick(lengths), bottom: choices.pick(lengths),
            right: choices.pick(lengths))
    }

    var numberOfSections: Int { styles.count }
    func numberOfItems(inSection section: Int) -> Int { itemHeights[section].count }
    func style(ofSection section: Int) -> SectionStyle { styles[section] }
    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        itemHeights[indexPath.section][indexPath.item]
    }
    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool { banners[indexPath.section][indexPath.item] }
    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
        kind == .header ? headerHeights[section] : kind == .footer ? footerHeights[section] : 0
    }
}
