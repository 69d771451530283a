import ArgumentParser
import Waterfall
import WaterfallCards
import WaterfallDemoKit
import WaterfallX11

/// Prints the layout as JSON lines without opening a window.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print every element's frame as JSON lines, without a window.",
        discussion: """
            One line per element in layout order: {"kind":"header"|"cell"|"banner"|"footer","section":s,"item":i, \
            "index":n,"column":c,"x":..,"y":..,"width":..,"height":..} (headers and footers have no item, index or \
            column; index counts cards across sections), then {"columns":C,"columnWidth":..,"contentHeight":.., \
            "sections":S,"items":N}. Without --heights the catalog is laid out exactly as the window lays it out when \
            its cards' area has this width and height (the window's cards' area is its width less the 12 px scroll \
            bar and its height less the status bar, the viewport its --log-events ready and layout events report; \
            the window decides portrait or landscape on that width plus the bar, as it does); with --heights \
            the items are one section without a header (--heights '' leaves it empty: its height is the top and bottom \
            insets).
            """
    )

    @OptionGroup var layout: LayoutOptions

    @Option(
        help: ArgumentHelp("The width of the cards' area (a window's width less its 12 px scroll bar).", valueName: "w")
    )
    var width: Double = LayoutOptions.defaultWidth

    @Option(help: ArgumentHelp("The height of the cards' area (decides portrait or landscape).", valueName: "h"))
    var height: Double = DemoWindowLayout.viewport(
        ofWindow: Size(width: LayoutOptions.defaultWidth, height: LayoutOptions.defaultHeight)
    ).height

    @Option(
        help: ArgumentHelp(
            "Fixed item heights instead of the catalog's cards: h1,h2,... ('' for none).", valueName: "h1,h2,..."))
    var heights: Heights?

    mutating func validate() throws {
        try LayoutOptions.validateWindowSize(width: width, height: height)
        try layout.validateColumnWidth(
            areaWidth: width, viewport: DemoWindowLayout.viewport(ofCardsArea: Size(width: width, height: height)))
        _ = try layout.cardMetrics()
    }

    func run() throws {
        let collectionLayout = layout.makeLayout()
        // The window's policy sees its viewport: the cards' area and the scroll bar beside it.
        collectionLayout.columnCount = layout.columnPolicy.columnCount(
            for: DemoWindowLayout.viewport(ofCardsArea: Size(width: width, height: height)))
        let firstIndex: [Int]
        do {
            if let heights {
                firstIndex = [0]
                try collectionLayout.prepare(width: width, source: FixedHeights(heights: heights.values))
            } else {
                let source = DemoLayoutSource(items: try loadOrExit(layout), metrics: try layout.cardMetrics())
                firstIndex = source.items.firstIndexOfSection
                try collectionLayout.prepare(width: width, source: source)
            }
        } catch let error as LayoutError {
            printError("\(error)")
            throw ExitCode(2)
        }
        var lines: [String] = []
        let everything = Rect(x: 0, y: 0, width: width, height: collectionLayout.contentSize.height)
        for attributes in collectionLayout.layoutAttributesForElements(in: everything) {
            let index = firstIndex[attributes.indexPath.section] + attributes.indexPath.item
            lines.append(ViewEventLog.elementLine(attributes, index: index).text)
        }
        lines.append(ViewEventLog.summaryLine(of: collectionLayout).text)
        EventLog().writeLines(lines)
    }
}

/// `--heights`: the items of one section, with these heights and no header or footer. Without heights the section
/// is there, empty: its height is the top and bottom insets.
private struct FixedHeights: CollectionLayoutSource {
    let heights: [Double]
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { heights.count }
    func style(ofSection section: Int) -> SectionStyle { SectionStyle() }
    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? { heights[indexPath.item] }
    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool { false }
    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double { 0 }
}
