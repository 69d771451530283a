import ArgumentParser
import Foundation
import ProgramSupport
import Waterfall
import WaterfallCards
import WaterfallDemoKit
@_spi(Benchmarking) import WaterfallX11

/// The demo's window with its cards, as the `window` and `bench` subcommands open it.
struct DemoSession {
    let controller: DemoController
    let collectionView: CollectionView
    let window: WaterfallWindow
    /// The connection the window is on, whose event loop runs it.
    let display: Display

    /// Loads the items, connects to the display and opens the window. With a `--load-more` in `loading`, no card
    /// is there at first: pages arrive from a background loader that wakes the window. Prints the problem and
    /// exits with status 2 for bad items, 1 for no display, 2 when the window cannot be made.
    /// `timeline` marks when the cards and the window were made, and (through the controller) the first layout.
    init(
        options: LayoutOptions, loading: LoadingOptions? = nil, selection: SelectionOptions? = nil, size: Size,
        scale: Double? = nil,
        log: EventLog?, useDoubleBufferExtension: Bool = true, useXInput2: Bool = true,
        timeline: DemoStartupTimeline? = nil
    ) throws {
        // First, while no other thread runs: taking it changes the environment.
        let startupID = StartupNotification.takeIDFromEnvironment()
        let items = try orExit {
            try options.loadItems(
                availableCount: loading?.loadMore == true ? 0 : nil, executablePath: ownExecutablePath)
        }
        timeline?.mark(.cards)
        let cardToSelect = try orExit { try selection?.cardToSelect(in: items) }
        let wakeSignal = try orExit { try WakeSignal() }
        let display = try ProgramRun.openDisplay(report: printError)
        let metrics = try orExit { try options.cardMetrics() }
        let controller = DemoController(
            items: items, metrics: metrics, loader: loading?.makeLoader { wakeSignal.wake() }, log: log)
        let scale = scale.map(WaterfallWindow.validScale) ?? display.preferredScale
        controller.scale = scale
        controller.timeline = timeline
        let collectionView = Self.makeCollectionView(options: options, controller: controller)
        let window = try orExit {
            try WaterfallWindow(
                display: display, collectionView: collectionView,
                configuration: .init(
                    title: "Waterfall", size: size, scale: scale, fontPattern: options.font,
                    statusBar: ProgramLook.makeStatusBar { [unowned controller, unowned collectionView] in
                        controller.statusText(for: collectionView)
                    }, className: "Waterfall", instanceName: "waterfall-demo", startupID: startupID,
                    icons: ProgramLook.icons,
                    useDoubleBufferExtension: useDoubleBufferExtension,
                    useXInput2: useXInput2),
                wakeSignal: wakeSignal)
        }
        selection?.apply(to: collectionView, selecting: cardToSelect)
        controller.window = window
        window.observer = controller
        window.onWake = { [unowned controller, unowned collectionView] in controller.deliverPages(to: collectionView) }
        window.onKey = { [unowned controller, unowned collectionView, unowned window] name, modifiers in
            if name == "q" { return window.stop() }  // under any layout: the window gives the key's Latin name
            controller.logInput(.demoKey(name: name, modifiers: modifiers))
            if controller.handleClipboardKey(name, modifiers: modifiers, in: collectionView) { return }
            try controller.handleKey(name, in: collectionView)
        }
        self.controller = controller
        self.collectionView = collectionView
        self.window = window
        self.display = display
    }
}

extension DemoSession {
    /// The collection view `options` describe, showing the items through `controller`: the window's, or a replay's.
    static func makeCollectionView(options: LayoutOptions, controller: DemoController) -> CollectionView {
        let collectionView = CollectionView(layout: options.makeLayout(), columnPolicy: options.columnPolicy)
        controller.attach(to: collectionView)
        return collectionView
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
func loadOrExit(_ options: LayoutOptions) throws -> DemoItems {
    try orExit { try options.loadItems(executablePath: ownExecutablePath) }
}

/// This program's own executable, from which the bundled catalog is found (`Catalog.defaultPath(executablePath:)`).
let ownExecutablePath = "/proc/self/exe"
