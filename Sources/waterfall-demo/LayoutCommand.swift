import ArgumentParser
import Waterfall
import WaterfallX11

/// Prints the layout as JSON lines without opening a window.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print every item's frame as JSON lines, without a window.",
        discussion: """
        One line per item: {"index":i,"column":c,"x":..,"y":..,"width":..,"height":..}, then \
        {"columns":C,"columnWidth":..,"contentHeight":..}. Without --heights the catalog is laid out exactly \
        as the window lays it out when its cards' area has this width and height.
        """
    )

    @OptionGroup var layout: LayoutOptions

    @Option(help: ArgumentHelp("The width of the cards' area.", valueName: "w"))
    var width: Double = LayoutOptions.defaultWidth

    @Option(help: ArgumentHelp("The height of the cards' area (decides portrait or landscape).", valueName: "h"))
    var height: Double = LayoutOptions.defaultHeight - WaterfallWindow.statusBarHeight

    @Option(help: ArgumentHelp("Fixed item heights instead of the catalog's cards: h1,h2,...", valueName: "h1,h2,..."))
    var heights: Heights?

    func run() throws {
        let heightOf: (Int, Double) -> Double?
        let count: Int
        if let heights {
            count = heights.values.count
            heightOf = { index, _ in heights.values[index] }
        } else {
            let items = try loadOrExit(layout)
            count = items.count
            heightOf = { index, columnWidth in CardMetrics.height(aspect: items.aspect(at: index), columnWidth: columnWidth) }
        }
        let waterfall = layout.makeLayout()
        waterfall.columnCount = layout.columnPolicy.columnCount(for: Size(width: width, height: height))
        do {
            try waterfall.prepare(width: width, itemCount: count, height: heightOf)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        let log = EventLog()
        var lines: [String] = []
        for index in 0..<count {
            guard let attributes = waterfall.layoutAttributesForItem(at: index) else { continue }
            let frame = attributes.frame
            lines.append(JSONValue.object([("index", .int(index)), ("column", .int(attributes.column)),
                                           ("x", .number(frame.minX)), ("y", .number(frame.minY)),
                                           ("width", .number(frame.width)), ("height", .number(frame.height))]).text)
        }
        lines.append(JSONValue.object([("columns", .int(waterfall.columnCount)), ("columnWidth", .number(waterfall.columnWidth)),
                                       ("contentHeight", .number(waterfall.contentSize.height))]).text)
        log.writeLines(lines)
    }
}
