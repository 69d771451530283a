import ArgumentParser
import ProgramSupport
import Waterfall
import WaterfallCards
import WaterfallX11

/// The window's options: its size and scale, its columns and font, and how it draws and takes input.
struct WindowOptions: ParsableArguments {
    /// The window's default size, in points.
    static let defaultSize = Size(width: 1024, height: 768)

    @Option(help: ArgumentHelp("The initial window width (default 1024).", valueName: "w"))
    var width: Double?

    @Option(help: ArgumentHelp("The initial window height, the status bar included (default 768).", valueName: "h"))
    var height: Double?

    @Option(
        help: ArgumentHelp(
            "Pixels per point, 0.25 to 8 (by default Xft.dpi ÷ 96 from the X resources, else 1): everything drawn grows by it; --width and --height are in points.",
            valueName: "s"))
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "The column count in both orientations (overrides the portrait and landscape counts).", valueName: "c"))
    var columns: Int?

    @Option(
        help: ArgumentHelp(
            "The column count when the window is portrait (default: 3, or the config file's).", valueName: "p"))
    var portraitColumns: Int?

    @Option(
        help: ArgumentHelp(
            "The column count when the window is landscape (default: 5, or the config file's).", valueName: "l"))
    var landscapeColumns: Int?

    @Option(
        help: ArgumentHelp(
            "The cards' width in points, 160 or more: as many columns as fit (the grid zoom's +, - and Ctrl+wheel change it, and it is remembered).",
            valueName: "points"))
    var cardWidth: Double?

    @Option(
        help: ArgumentHelp(
            "The text's font, a fontconfig pattern (sans-serif:size=10 by default); its line height sets the captions' height.",
            valueName: "pattern"))
    var font: String?

    @OptionGroup var flags: WindowFlags

    /// Refuses sizes, a scale and column counts out of range; `forLayoutOnly`, the size is the cards' area's.
    func validate(forLayoutOnly: Bool) throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(value.isFinite && value >= 1 && value <= 32_767) {
                throw ValidationError("\(name) is \(value); it must be from 1 to 32767")
            }
        }
        if let scale, !(scale.isFinite && scale >= 0.25 && scale <= 8) {
            throw ValidationError("--scale is \(scale); it must be from 0.25 to 8")
        }
        let columnRange = 1...WaterfallLayout.maximumColumnCount
        for (name, value) in [
            ("--columns", columns), ("--portrait-columns", portraitColumns), ("--landscape-columns", landscapeColumns),
        ] {
            if let value, !columnRange.contains(value) {
                throw ValidationError("\(name) is \(value); it must be from 1 to \(WaterfallLayout.maximumColumnCount)")
            }
        }
        if let cardWidth, !(cardWidth.isFinite && Config.cardWidths.contains(cardWidth)) {
            throw ValidationError(
                "--card-width is \(cardWidth); it must be from \(ConfigValue.format(Config.cardWidths.lowerBound)) to \(ConfigValue.format(Config.cardWidths.upperBound))"
            )
        }
        _ = try cardMetrics(config: Config())
    }

    /// The window's size in points.
    var size: Size { Size(width: width ?? Self.defaultSize.width, height: height ?? Self.defaultSize.height) }

    /// The cards' area of `--print-layout`: `--width` by `--height` when given, else the default window's less the
    /// scroll bar and the status bar.
    var cardsArea: Size {
        Size(
            width: width ?? Self.defaultSize.width,
            height: height ?? Self.defaultSize.height - ProgramLook.statusBarHeight)
    }

    /// The column policy: column counts given as options; else a card width given as an option, remembered from
    /// the last grid zoom, or set by `config`; else `config`'s column counts.
    func columnPolicy(config: Config, rememberedCardWidth: Double?) -> ColumnPolicy {
        if columns == nil, portraitColumns == nil, landscapeColumns == nil,
            let width = cardWidth ?? rememberedCardWidth ?? config.cardWidth
        {
            return .fitting(columnWidth: width)
        }
        return ColumnPolicy(
            portraitColumns: columns ?? portraitColumns ?? config.portraitColumns,
            landscapeColumns: columns ?? landscapeColumns ?? config.landscapeColumns)
    }

    /// The wall's layout: `spacing` points between the cards and around them.
    func makeLayout(spacing: Double) -> CollectionLayout {
        CollectionLayout(columnCount: 1, columnSpacing: spacing, rowSpacing: spacing, insets: EdgeInsets(all: spacing))
    }

    /// The font: `--font`, else the config file's.
    func fontPattern(config: Config) -> String? { font ?? config.font }

    /// The cards' sizes in the `--font` font: its line height at scale 1, read with fontconfig and FreeType without a
    /// display, sets the captions' height, so that the window (at any scale) and `--print-layout` lay out alike.
    /// - Throws: `ValidationError` naming `--font` when no font can be used.
    func cardMetrics(config: Config) throws -> CardMetrics {
        do {
            return CardMetrics(lineHeight: try FontMetrics(pattern: fontPattern(config: config)).lineHeight)
        } catch let error as FontError {
            throw ValidationError(font == nil ? "the config file's look.font: \(error)" : "--font: \(error)")
        }
    }
}
