import ArgumentParser
import Foundation
import ProgramSupport
import WallEventLogging
import Waterfall
import WaterfallAccessibility
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallX11

/// The wall in its window, as the program runs it: named "Waterfall", with a status bar, the program's actions
/// (quit, fullscreen, the key handler's Ctrl+X) among the wall's key bindings, and with `--log-events` its `start`
/// and `exit` events around the window's.
struct WallSession {
    let wall: PhotoWall
    let window: WaterfallWindow
    let log: EventLog?
    /// Writes what the wall and its window report, with `--log-events` (they hold it weakly).
    let eventLog: WallEventLog?
    let keyHandler: KeyHandler
    /// Opens a video in the desktop's player (`xdg-open`) when the lightbox asks.
    let opener: ExternalOpener
    /// The wall for screen readers, on the accessibility bus when there is one.
    let accessibility: AccessibilityBridge

    /// Starts the walk, connects to the display and opens the window. Prints the problem and exits with status 1 for
    /// no display, 2 when the window cannot be made.
    init(
        configuration: PhotoWall.Configuration, window options: WindowOptions, config: Config,
        columnPolicy: ColumnPolicy,
        keyHandler settings: KeyHandler.Settings
    ) throws {
        // First, while no other thread runs: taking it changes the environment.
        let startupID = StartupNotification.takeIDFromEnvironment()
        // The walk starts first: its headers are read while the display, the fonts and the window are made.
        let wall = PhotoWall(
            configuration, layout: options.makeLayout(spacing: config.spacing), columnPolicy: columnPolicy)
        wall.libraryUpdateInterval = 1.0 / 30  // a walk's progress at 30 frames a second at most
        let display = try ProgramRun.openDisplay(report: printError)
        let log = options.flags.logEvents ? EventLog() : nil
        let eventLog = log.map { WallEventLog(log: $0, wall: wall) }
        let keyHandler = KeyHandler(settings: settings, wall: wall, log: log)
        let opener = ExternalOpener(log: log)
        let window: WaterfallWindow
        do {
            window = try WaterfallWindow(
                display: display, collectionView: wall.collectionView,
                configuration: .init(
                    title: "Waterfall", size: options.size, scale: options.scale,
                    fontPattern: options.fontPattern(config: config),
                    statusBar: ProgramLook.makeStatusBar(
                        backgroundColor: config.statusBarColor, textColor: config.statusTextColor
                    ) { [unowned wall] in keyHandler.message ?? opener.message ?? wall.statusText },
                    className: "Waterfall", instanceName: "waterfall", startupID: startupID,
                    icons: ProgramLook.icons,
                    useDoubleBufferExtension: !options.flags.noXdbe, useXInput2: !options.flags.noXinput2))
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        window.syncsAfterEachFrame = options.flags.logEvents
        eventLog?.observe(window)
        wall.collectionView.isSmoothScrollingEnabled = !options.flags.noSmooth
        if let log {
            ClipboardEventLog(log: log).watch(window)
            DragEventLog(log: log).watch(window)
        }
        let view = wall.collectionView
        log?.log(
            "start",
            [
                ("arguments", .array(CommandLine.arguments.dropFirst().map { .string($0) })),
                ViewEventLog.viewportField(of: view, origin: nil), ViewEventLog.scrollBarField(of: view, origin: .zero),
                ("scale", .number(window.scale)), ("monitor", .string(window.monitor?.name ?? "")),
            ])
        wall.show(in: window)
        keyHandler.attach(to: window)
        opener.attach(to: window)
        wall.onOpenExternally = { [unowned opener] path in opener.open(path) }
        wall.keyBindings = config.keys
        wall.onAction = { [unowned window, unowned keyHandler] action in
            switch action {
            case .program("quit"): window.stop()
            case .program("fullscreen"):
                window.setFullscreen(!window.isFullscreen)
                log?.log(
                    "fullscreen",
                    [("on", .bool(window.isFullscreen)), ("monitor", .string(window.monitor?.name ?? ""))])
            case .program("key-handler"): keyHandler.beginPrefix()
            default: break
            }
        }
        // The key after Ctrl+X is the handler's, before any binding; any other key also clears its message.
        let wallKeys = window.keyInterceptor
        window.keyInterceptor = { [unowned keyHandler] name, modifiers in
            try keyHandler.takesKey(name, modifiers: modifiers) || wallKeys?(name, modifiers) == true
        }
        self.wall = wall
        self.window = window
        self.log = log
        self.eventLog = eventLog
        self.keyHandler = keyHandler
        self.opener = opener
        // After the first frame, and only where an accessibility bus runs: no cost to a start without one.
        accessibility = AccessibilityBridge(
            display: display, window: window, content: WallAccessibility(wall: wall), applicationName: "Waterfall",
            toolkitVersion: WaterfallCommand.version)
        accessibility.onStateChange = { state in log?.log("accessibility", [("state", .string(state.rawValue))]) }
        accessibility.start()
    }

    /// The wall's bindings and the program's own actions: quit, fullscreen, the key handler.
    static var defaultKeyBindings: KeyBindings {
        var keys = PhotoWall.defaultKeyBindings
        keys.add(.program("quit"), "Quit (with -o, print the selected photos' paths)", in: .global, ["q"])
        keys.add(.program("fullscreen"), "Fullscreen and back", in: .global, ["f", "F11"])
        keys.add(
            .program("key-handler"),
            "Run the key handler ($XDG_CONFIG_HOME/waterfall/key-handler) with the next key, as nsxiv's Ctrl+X",
            in: .global, ["Ctrl+x"])
        return keys
    }

    /// Runs the window until it closes, logging `exit`; a lost connection prints one line and exits with status 1,
    /// as a display that cannot be opened does.
    func run() throws {
        let reason = try ProgramRun.run(window, report: printError)
        wall.stop()
        log?.log("exit", [("reason", .string(reason.logName))] + WallEventLog.stateFields(of: wall))
        try ProgramRun.finish(after: reason, report: printError)
    }
}
