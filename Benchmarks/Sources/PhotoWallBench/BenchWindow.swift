import ArgumentParser
import Waterfall
import WaterfallCards
import WaterfallPhotoWall
@_spi(Benchmarking) import WaterfallX11

/// A `PhotoWall` in a `WaterfallWindow` made as the `waterfall` program makes it (Sources/waterfall/WallSession.swift,
/// WindowOptions.swift): 12-point gaps and insets, 3 columns in portrait and 5 in landscape, the default font, and a
/// 20-point status bar showing the wall's status text.
struct BenchWindow {
    let wall: PhotoWall
    let window: WaterfallWindow

    /// The program's status bar: its height and colours.
    static let statusBarHeight = 20.0
    static let statusBarColor = Color(rgb: 0x2B2F36)
    static let statusTextColor = Color(rgb: 0xE8EAED)
    static let columnPolicy = ColumnPolicy(portraitColumns: 3, landscapeColumns: 5)
    static let spacing = 12.0

    /// Starts the walk, connects to the display and opens the window of `size` points; `timeline` marks when the wall
    /// and the window were made. Prints the problem and exits with status 1 for no display, 2 when the window cannot
    /// be made.
    init(configuration: PhotoWall.Configuration, size: Size, timeline: WallStartupTimeline) throws {
        // The walk starts first: its headers are read while the display, the fonts and the window are made.
        let wall = PhotoWall(
            configuration,
            layout: CollectionLayout(
                columnCount: Self.columnPolicy.portraitColumns, columnSpacing: Self.spacing,
                rowSpacing: Self.spacing, insets: EdgeInsets(all: Self.spacing)),
            columnPolicy: Self.columnPolicy)
        timeline.mark(.cards)
        let display: Display
        do {
            display = try Display(capturingRefusal: true)
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        do {
            window = try WaterfallWindow(
                display: display, collectionView: wall.collectionView,
                configuration: .init(
                    title: "Waterfall", size: size,
                    statusBar: StatusBar(
                        height: Self.statusBarHeight, backgroundColor: Self.statusBarColor,
                        textColor: Self.statusTextColor
                    ) { [unowned wall] in wall.statusText },
                    className: "Waterfall", instanceName: "photo-wall-bench",
                    icons: AppIcon.sizes.compactMap {
                        WindowIcon(width: $0, height: $0, pixels: AppIcon.pixels(side: $0))
                    }))
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        timeline.mark(.window)
        wall.show(in: window)
        self.wall = wall
    }

    /// Runs `body`, the window's loop and the measurements; a lost connection or any other error prints one line and
    /// exits with status 1.
    func measuring(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
    }

    /// The cards' captions in the default font: its line height at scale 1, as `waterfall` reads it.
    static func cardMetrics() throws -> CardMetrics {
        do {
            return CardMetrics(lineHeight: try FontMetrics().lineHeight)
        } catch let error as FontError {
            throw ValidationError("the default font: \(error)")
        }
    }

    /// Refuses a window size out of range, or one whose columns would be narrower than a pixel.
    static func validate(size: Size) throws {
        for (name, value) in [("--width", size.width), ("--height", size.height)]
        where !(value.isFinite && value >= 1 && value <= 32_767) {
            throw ValidationError("\(name) is \(value); it must be from 1 to 32767")
        }
        let viewport = Size(width: size.width, height: max(0, size.height - statusBarHeight))
        let columns = Double(columnPolicy.columnCount(for: viewport))
        let columnWidth = (viewport.width - ScrollBar.defaultWidth - 2 * spacing - (columns - 1) * spacing) / columns
        guard columnWidth >= 1 else {
            throw ValidationError(
                "--width is \(size.width); its \(Int(columns)) columns would be narrower than 1 point")
        }
    }
}
