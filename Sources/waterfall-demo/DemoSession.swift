import ArgumentParser
import Foundation
import Waterfall
import WaterfallDemoKit
import WaterfallPhotos
import WaterfallX11

/// The demo's window with its cards, as the `window` and `bench` subcommands open it.
struct DemoSession {
    let controller: DemoController
    let collectionView: CollectionView
    let window: WaterfallWindow

    /// Loads the items, connects to the display and opens the window. With a `--load-more` in `loading`, no card
    /// is there at first: pages arrive from a background loader that wakes the window. Prints the problem and
    /// exits with status 2 for bad items, 1 for no display, 2 when the window cannot be made. A photo wall's walk
    /// runs meanwhile; its warnings go through `printError`, which the display's capture of a refusal never takes.
    /// `timeline` marks when the cards and the window were made, and (through the controller) the first layout.
    init(options: LayoutOptions, loading: LoadingOptions? = nil, selection: SelectionOptions? = nil, size: Size, scale: Double? = nil,
         log: EventLog?, useDoubleBufferExtension: Bool = true, useXInput2: Bool = true, timeline: StartupTimeline? = nil) throws {
        // First, while no other thread runs: taking it changes the environment.
        let startupID = StartupNotification.takeIDFromEnvironment()
        // A photo wall starts empty: its walk appends the photos as it finds them.
        let items = options.photos.isEmpty ? try orExit { try options.loadItems(availableCount: loading?.loadMore == true ? 0 : nil) }
            : DemoItems(catalog: [])
        timeline?.mark(.cards)
        let cardToSelect = try orExit { try selection?.cardToSelect(in: items) }
        let wakeSignal = try orExit { try WakeSignal() }
        // A photo wall's walk starts first: its headers are read while the display, the fonts and the window are made.
        let scan = options.photos.isEmpty ? nil
            : PhotoScan(roots: options.photos, recursive: options.recursive, order: options.sort) { wakeSignal.wake() }
        let display: Display
        do {
            display = try Display(capturingRefusal: true)
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        let metrics = try orExit { try options.cardMetrics() }
        let controller = DemoController(items: items, metrics: metrics, loader: loading?.makeLoader { wakeSignal.wake() }, log: log)
        let scale = scale.map(WaterfallWindow.validScale) ?? display.preferredScale
        controller.scale = scale
        controller.timeline = timeline
        let collectionView = Self.makeCollectionView(options: options, controller: controller)
        let window = try orExit {
            try WaterfallWindow(display: display, collectionView: collectionView, configuration: .init(
                                    title: "Waterfall", size: size, scale: scale, fontPattern: options.font,
                                    statusBar: DemoWindowLayout.makeStatusBar { [unowned controller, unowned collectionView] in
                                        controller.statusText(for: collectionView)
                                    }, className: "Waterfall", instanceName: "waterfall-demo", startupID: startupID,
                                    icons: AppIcon.images, useDoubleBufferExtension: useDoubleBufferExtension,
                                    useXInput2: useXInput2),
                                wakeSignal: wakeSignal)
        }
        selection?.apply(to: collectionView, selecting: cardToSelect)
        controller.window = window
        window.observer = controller
        if !options.photos.isEmpty {
            controller.pictures = PhotoPictures(cacheBytes: options.cacheMB << 20, background: collectionView.backgroundColor,
                                                sharedCache: Self.sharedThumbnailCache(options: options)) { wakeSignal.wake() }
            controller.scanCounts = (ScanCounts(), false)
            controller.scan = scan
        }
        window.onWake = { [unowned controller, unowned collectionView, unowned window] in
            controller.deliverPages(to: collectionView)
            controller.deliverScan(to: collectionView)
            controller.pictures?.deliver(to: window, log: controller.log)
        }
        window.onKey = { [unowned controller, unowned collectionView, unowned window] name, modifiers in
            if name == "q" { return window.stop() }  // under any layout: the window gives the key's Latin name
            controller.logInput(.demoKey(name: name, modifiers: modifiers))
            if controller.handleClipboardKey(name, modifiers: modifiers, in: collectionView) { return }
            try controller.handleKey(name, in: collectionView)
        }
        self.controller = controller
        self.collectionView = collectionView
        self.window = window
    }
}

extension DemoSession {
    /// The desktop's shared thumbnail cache, unless `--no-thumbnail-cache`: once it cannot be written (a folder that
    /// is a file, a full disk, no permission), stderr says why, once, and the wall goes on decoding the photos.
    static func sharedThumbnailCache(options: LayoutOptions) -> SharedThumbnailCache? {
        guard !options.noThumbnailCache else { return nil }
        return SharedThumbnailCache(root: SharedThumbnailCache.defaultRoot(environment: ProcessInfo.processInfo.environment),
                                    application: "waterfall-demo-\(WaterfallDemo.version)") { reason in
            printError("the shared thumbnail cache is off: \(reason); the photos are decoded instead")
        }
    }

    /// The collection view `options` describe, showing the items through `controller`: the window's, or a replay's.
    static func makeCollectionView(options: LayoutOptions, controller: DemoController) -> CollectionView {
        let collectionView = CollectionView(layout: options.makeLayout(), columnPolicy: options.columnPolicy)
        controller.attach(to: collectionView)
        if !options.photos.isEmpty {
            controller.itemNoun = .photo
            collectionView.emptyView = MessageView(message: "No photos in " + options.photos.joined(separator: ", "))
            collectionView.loadingView = MessageView(message: "Looking for photos...")
        }
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
    try orExit { try options.loadItems() }
}
