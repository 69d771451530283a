import ArgumentParser
import Foundation
import ProgramSupport
import Waterfall
import WaterfallCards
import WaterfallPhotoWall
import WaterfallX11

/// The wall in its window, as the program runs it: named "Waterfall", with a status bar, q to quit, Ctrl+C to copy
/// and Ctrl+X for the key handler, and with `--log-events` its `start` and `exit` events around the window's.
struct WallSession {
    let wall: PhotoWall
    let window: WaterfallWindow
    let log: EventLog?
    let keyHandler: KeyHandler

    /// Starts the walk, connects to the display and opens the window. Prints the problem and exits with status 1 for
    /// no display, 2 when the window cannot be made.
    init(configuration: PhotoWall.Configuration, window options: WindowOptions, keyHandler settings: KeyHandler.Settings) throws {
        // First, while no other thread runs: taking it changes the environment.
        let startupID = StartupNotification.takeIDFromEnvironment()
        // The walk starts first: its headers are read while the display, the fonts and the window are made.
        let wall = PhotoWall(configuration, layout: options.makeLayout(), columnPolicy: options.columnPolicy)
        let display = try ProgramRun.openDisplay(report: printError)
        let log = options.flags.logEvents ? EventLog() : nil
        wall.log = log
        let keyHandler = KeyHandler(settings: settings, wall: wall, log: log)
        let window: WaterfallWindow
        do {
            window = try WaterfallWindow(display: display, collectionView: wall.collectionView, configuration: .init(
                title: "Waterfall", size: options.size, scale: options.scale, fontPattern: options.font,
                statusBar: ProgramLook.makeStatusBar { [unowned wall] in keyHandler.message ?? wall.statusText },
                className: "Waterfall", instanceName: "waterfall", startupID: startupID,
                icons: ProgramLook.icons,
                useDoubleBufferExtension: !options.flags.noXdbe, useXInput2: !options.flags.noXinput2))
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        window.syncsAfterEachFrame = options.flags.logEvents
        wall.collectionView.isSmoothScrollingEnabled = !options.flags.noSmooth
        if let log { ClipboardEventLog(log: log).watch(window) }
        let view = wall.collectionView
        log?.log("start", [("arguments", .array(CommandLine.arguments.dropFirst().map { .string($0) })),
                           ViewEventLog.viewportField(of: view, origin: nil), ViewEventLog.scrollBarField(of: view, origin: .zero),
                           ("scale", .number(window.scale))])
        wall.show(in: window)
        keyHandler.attach(to: window)
        window.onKey = { [unowned wall, unowned window, unowned keyHandler] name, modifiers in
            switch name {
            case _ where keyHandler.handlesKey(name, modifiers: modifiers): break  // Ctrl+X, and the key after it
            case "q": window.stop()  // under any layout: the window gives the key's Latin name
            case "c" where modifiers.contains(.control), "C" where modifiers.contains(.control): wall.copySelectedFiles()
            case "s": wall.startSlideshow()
            case "f", "F11":
                window.setFullscreen(!window.isFullscreen)
                log?.log("fullscreen", [("on", .bool(window.isFullscreen))])
            default: break
            }
        }
        self.wall = wall
        self.window = window
        self.log = log
        self.keyHandler = keyHandler
    }

    /// Runs the window until it closes, logging `exit`; a lost connection prints one line and exits with status 1,
    /// as a display that cannot be opened does.
    func run() throws {
        let reason = try ProgramRun.run(window, report: printError)
        wall.stop()
        log?.log("exit", [("reason", .string(reason.logName))] + wall.stateFields)
        try ProgramRun.finish(after: reason, report: printError)
    }
}
