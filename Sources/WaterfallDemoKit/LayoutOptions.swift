import ArgumentParser
import Waterfall
import WaterfallCards

/// The options that decide the layout, shared by the window and the `layout` subcommand.
package struct LayoutOptions: ParsableArguments {
    package static let defaultWidth = 1024.0
    package static let defaultHeight = 768.0
    /// The most synthesised items: about 24 bytes of layout each, 1.2 GB at this count.
    package static let maximumItems = 50_000_000

    /// The defaults, as ArgumentParser makes them before it reads the arguments.
    package init() {}

    /// Refuses a window size outside what X allows (1...32767 pixels a side).
    package static func validateWindowSize(width: Double, height: Double) throws {
        for (name, value) in [("--width", width), ("--height", height)]
        where !(value.isFinite && value >= 1 && value <= 32_767) {
            throw ValidationError("\(name) is \(value); it must be from 1 to 32767")
        }
    }

    @Option(help: ArgumentHelp("A catalog JSON file to show instead of the bundled one.", valueName: "path"))
    package var catalog: String?

    @Option(help: ArgumentHelp("Show N synthesised items instead of a catalog (for big runs).", valueName: "n"))
    package var items: Int?

    @Option(
        help: ArgumentHelp(
            "The column count in both orientations (overrides the portrait and landscape counts).", valueName: "c"))
    package var columns: Int?

    @Option(help: ArgumentHelp("The column count when the window is portrait.", valueName: "p"))
    package var portraitColumns: Int = 3

    @Option(help: ArgumentHelp("The column count when the window is landscape.", valueName: "l"))
    package var landscapeColumns: Int = 5

    @Option(
        help: ArgumentHelp("Landscape from this width on (default: landscape when wider than tall).", valueName: "t"))
    package var landscapeWidth: Double?

    @Option(help: ArgumentHelp("The space around the columns: top,left,bottom,right.", valueName: "t,l,b,r"))
    package var insets: Insets = Insets(EdgeInsets(all: 12))

    @Option(help: ArgumentHelp("The gap between columns.", valueName: "s"))
    package var columnSpacing: Double = 12

    @Option(help: ArgumentHelp("The gap between cards of a column.", valueName: "r"))
    package var rowSpacing: Double = 12

    @Option(
        help: ArgumentHelp(
            "Which column each card goes into: the shortest, or in rows from the left (ltr) or right (rtl).",
            valueName: "shortest|ltr|rtl"))
    package var placement: Placement = .shortest

    @Option(
        help: ArgumentHelp(
            "The text's font, a fontconfig pattern (sans-serif:size=10 by default); its line height sets the captions' height.",
            valueName: "pattern"))
    package var font: String?

    package mutating func validate() throws {
        if let problem = insets.problem { throw ValidationError(problem) }
        let columnRange = 1...WaterfallLayout.maximumColumnCount
        for (name, value) in [
            ("--columns", columns), ("--portrait-columns", portraitColumns), ("--landscape-columns", landscapeColumns),
        ] {
            if let value, !columnRange.contains(value) {
                throw ValidationError("\(name) is \(value); it must be from 1 to \(WaterfallLayout.maximumColumnCount)")
            }
        }
        if let items, !(0...Self.maximumItems).contains(items) {
            throw ValidationError("--items is \(items); it must be from 0 to \(Self.maximumItems)")
        }
        // Spacing, as the insets, at most the largest window side: a larger gap shows nothing but itself, and
        // one beyond the layout's limit (2^20 px) would be refused only when laying out.
        for (name, value) in [("--column-spacing", columnSpacing), ("--row-spacing", rowSpacing)]
        where !(value >= 0 && value <= Insets.maximum) {
            throw ValidationError("\(name) is \(value); it must be a number from 0 to \(Insets.maximum.plainText)")
        }
        if let landscapeWidth, !(landscapeWidth.isFinite && landscapeWidth >= 0) {
            throw ValidationError("--landscape-width is \(landscapeWidth); it must be a number of 0 or more")
        }
    }

    /// Refuses insets and spacing that leave the columns less than 1 px wide in a cards' area `areaWidth` wide
    /// with the column count the policy picks for `viewport` (as the window opens, or as `layout` lays out).
    package func validateColumnWidth(areaWidth: Double, viewport: Size) throws {
        let columns = columnPolicy.columnCount(for: viewport)
        let inset = insets.value
        let columnWidth = (areaWidth - inset.left - inset.right - Double(columns - 1) * columnSpacing) / Double(columns)
        guard columnWidth < 1 else { return }
        let area = areaWidth.plainText
        let width = columnWidth.plainText
        throw ValidationError(
            "--insets \(insets.defaultValueDescription) and --column-spacing \(columnSpacing.plainText) leave "
                + "\(Noun.column.counted(columns)) \(width) px wide in the \(area) px wide cards' area; each column must be at least 1 px wide, "
                + "so left + right insets + \(columns - 1) × spacing must be at most \((areaWidth - Double(columns)).plainText) px"
        )
    }

    /// The column policy the options describe.
    package var columnPolicy: ColumnPolicy {
        if let columns {
            return ColumnPolicy(
                portraitColumns: columns, landscapeColumns: columns, landscapeMinimumWidth: landscapeWidth)
        }
        return ColumnPolicy(
            portraitColumns: portraitColumns, landscapeColumns: landscapeColumns, landscapeMinimumWidth: landscapeWidth)
    }

    /// A layout with the options' spacing, insets and placement.
    package func makeLayout() -> CollectionLayout {
        CollectionLayout(
            columnCount: columnPolicy.portraitColumns, columnSpacing: columnSpacing, rowSpacing: rowSpacing,
            insets: insets.value, placement: placement.itemPlacement)
    }

    /// The items to show, in sections: synthesised when `--items` is given, else the catalog (the bundled one by
    /// default, found from `executablePath`, the program's own: `Catalog.defaultPath(executablePath:)`) grouped by
    /// category. `availableCount` cards are there from the start (all when `nil`).
    package func loadItems(availableCount: Int? = nil, executablePath: String) throws -> DemoItems {
        if let items { return DemoItems(synthesized: items, availableCount: availableCount) }
        guard let path = catalog ?? Catalog.defaultPath(executablePath: executablePath) else {
            throw CatalogError(
                path: "Resources/catalog.json",
                problem: "not found in the working directory or beside the program; pass --catalog PATH")
        }
        return DemoItems(catalog: try Catalog.load(path: path), availableCount: availableCount)
    }
}

/// `--placement shortest|ltr|rtl`.
package enum Placement: String, ExpressibleByArgument, CaseIterable {
    case shortest, ltr, rtl

    package var itemPlacement: ItemPlacement {
        switch self {
        case .shortest: return .shortestColumn
        case .ltr: return .leftToRight
        case .rtl: return .rightToLeft
        }
    }
}

/// `--insets T,L,B,R`. Any text is taken; a bad one keeps its `problem`, which `LayoutOptions.validate()`
/// reports with the allowed range (ArgumentParser's own message for a failed parse does not say it).
package struct Insets: ExpressibleByArgument {
    package var value: EdgeInsets
    /// Why the argument is not four numbers of 0 or more, if it is not.
    package var problem: String?

    package init(_ value: EdgeInsets) { self.value = value }

    package init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        value = .zero
        guard parts.count == 4, let top = parts[0], let left = parts[1], let bottom = parts[2], let right = parts[3],
            [top, left, bottom, right].allSatisfy({ $0.isFinite && $0 >= 0 })
        else {
            problem =
                "--insets is '\(argument)'; it must be four numbers from 0 to \(Self.maximum.plainText), top,left,bottom,right"
            return
        }
        guard [top, left, bottom, right].allSatisfy({ $0 <= Self.maximum }) else {
            problem = "--insets is '\(argument)'; each inset must be from 0 to \(Self.maximum.plainText)"
            return
        }
        value = EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    /// The largest inset: the largest window side X allows.
    package static let maximum = 32_767.0

    package var defaultValueDescription: String {
        [value.top, value.left, value.bottom, value.right].map { $0.plainText }.joined(separator: ",")
    }
}

extension Double {
    /// The number as a person writes it: "12" for 12.0, "0.5", "-1.25".
    package var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

/// `--heights h1,h2,...`: the items' heights; an empty argument (`--heights ''`) means no items.
package struct Heights: ExpressibleByArgument {
    package var values: [Double]

    /// The heights in `argument`, or `nil` when it is neither empty nor a comma-separated list of numbers.
    package init?(argument: String) {
        if argument.trimmingCharacters(in: .whitespaces).isEmpty {
            values = []
            return
        }
        let parsed = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) else { return nil }
        values = parsed.compactMap { $0 }
    }
}
