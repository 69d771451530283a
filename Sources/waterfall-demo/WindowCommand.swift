import ArgumentParser
import Foundation
import Waterfall
import WaterfallX11

/// Opens the window: the default subcommand.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the Waterfall window (the default).",
        discussion: """
        Mouse wheel scrolls; a click selects a card; arrow keys move the selection; Page Up/Down, Space, \
        Home and End scroll; q or Escape quits.
        """
    )

    @OptionGroup var layout: LayoutOptions

    @Option(help: ArgumentHelp("The initial window width.", valueName: "w"))
    var width: Double = LayoutOptions.defaultWidth

    @Option(help: ArgumentHelp("The initial window height (the status bar included).", valueName: "h"))
    var height: Double = LayoutOptions.defaultHeight

    @Flag(help: "Print one JSON object per line on stdout for every event and frame.")
    var logEvents = false

    @Flag(help: "Draw through a Pixmap even when the server has the Xdbe extension.")
    var noXdbe = false

    mutating func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] where !(value.isFinite && value >= 1 && value <= 32_767) {
            throw ValidationError("\(name) is \(value); it must be from 1 to 32767")
        }
    }

    func run() throws {
        let items = try loadOrExit(layout)
        let log = logEvents ? EventLog() : nil
        let controller = DemoController(items: items, log: log)
        let collectionView = CollectionView(layout: layout.makeLayout(), columnPolicy: layout.columnPolicy)
        controller.attach(to: collectionView)

        let display: Display
        do {
            display = try Display()
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        do {
            let window = try WaterfallWindow(display: display, collectionView: collectionView,
                                             size: Size(width: width, height: height),
                                             useDoubleBufferExtension: !noXdbe)
            controller.window = window
            window.observer = controller
            window.syncsAfterEachFrame = logEvents
            window.statusText = { [unowned controller, unowned collectionView] in controller.statusText(for: collectionView) }
            let reason = try window.run()
            log?.log("exit", [("reason", .string(reason == .closedByWindowManager ? "wmDelete" : "key"))])
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
    }
}

/// Loads the items the options name, or prints the problem and exits with status 2.
func loadOrExit(_ options: LayoutOptions) throws -> ItemSource {
    do {
        return try options.loadItems()
    } catch {
        printError("\(error)")
        throw ExitCode(2)
    }
}

/// Prints `waterfall-demo: message` on standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("waterfall-demo: \(message)\n".utf8))
}
