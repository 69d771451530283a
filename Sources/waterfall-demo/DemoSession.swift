import ArgumentParser
import Waterfall
import WaterfallX11

/// The demo's window with its cards, as the `window` and `bench` subcommands open it.
struct DemoSession {
    let items: ItemSource
    let controller: DemoController
    let collectionView: CollectionView
    let window: WaterfallWindow

    /// Loads the items, connects to the display and opens the window. Prints the problem and exits with
    /// status 2 for bad items, 1 for no display, 2 when the window cannot be made.
    init(options: LayoutOptions, size: Size, log: EventLog?, useDoubleBufferExtension: Bool = true) throws {
        let items = try loadOrExit(options)
        let controller = DemoController(items: items, log: log)
        let collectionView = CollectionView(layout: options.makeLayout(), columnPolicy: options.columnPolicy)
        controller.attach(to: collectionView)
        let display: Display
        do {
            display = try Display()
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        let window = try orExit {
            try WaterfallWindow(display: display, collectionView: collectionView, size: size,
                                useDoubleBufferExtension: useDoubleBufferExtension)
        }
        controller.window = window
        window.observer = controller
        window.statusText = { [unowned controller, unowned collectionView] in controller.statusText(for: collectionView) }
        self.items = items
        self.controller = controller
        self.collectionView = collectionView
        self.window = window
    }
}

/// Runs `body`; on an error prints it and exits with status 2.
func orExit<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        printError("\(error)")
        throw ExitCode(2)
    }
}

/// Loads the items the options name, or prints the problem and exits with status 2.
func loadOrExit(_ options: LayoutOptions) throws -> ItemSource {
    try orExit { try options.loadItems() }
}
