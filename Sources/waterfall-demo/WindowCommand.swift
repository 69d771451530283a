import ArgumentParser
import Foundation
import Waterfall
import WaterfallCards
import WaterfallDemoKit
import WaterfallX11

/// Opens the window: the default subcommand.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the Waterfall window (the default).",
        discussion: """
        Mouse wheel scrolls (smoothly unless --no-smooth), a touchpad pixel-precisely (XInput 2); wheeling up at \
        the top pulls to refresh, F5 refreshes; \
        the scroll bar at the right edge scrolls by dragging its thumb and pages by a click on its track; a click \
        selects a card, Ctrl+click toggles one, Shift+click selects a range, Ctrl+A selects all, Escape clears; \
        Ctrl+C copies the selected cards' titles; arrow keys and Tab move the focus and the selection (Shift extends, Ctrl moves the focus only, Ctrl+Space \
        toggles); Enter activates the focused card or retries a failed page in view; Delete removes the selected \
        cards, Insert adds one, r re-measures cards in view; Page Up/Down, Space, Home and End scroll; q quits.
        """
    )

    @OptionGroup var layout: LayoutOptions

    @OptionGroup var loading: LoadingOptions

    @OptionGroup var selection: SelectionOptions

    @Option(help: ArgumentHelp("The initial window width.", valueName: "w"))
    var width: Double = LayoutOptions.defaultWidth

    @Option(help: ArgumentHelp("The initial window height (the status bar included).", valueName: "h"))
    var height: Double = LayoutOptions.defaultHeight

    @Option(help: ArgumentHelp("Pixels per point, 0.25 to 8 (by default Xft.dpi ÷ 96 from the X resources, else 1): everything drawn grows by it; --width and --height are in points.",
                               valueName: "s"))
    var scale: Double?

    @Flag(help: "Print one JSON object per line on stdout for every event and frame.")
    var logEvents = false

    @Flag(help: "Draw through a Pixmap even when the server has the Xdbe extension.")
    var noXdbe = false

    @Flag(help: "Scroll by a whole wheel step at once per notch instead of animating it.")
    var noSmooth = false

    @Flag(help: "Take the pointer's events as core events even when the server has XInput 2 (touchpads then scroll by whole notches).")
    var noXinput2 = false

    mutating func validate() throws {
        try LayoutOptions.validateWindowSize(width: width, height: height)
        try Self.validateScale(scale)
        _ = try layout.cardMetrics()
        try DemoWindowLayout.validateColumnWidth(layout, window: Size(width: width, height: height))
    }

    func run() throws { try run(afterExit: { _ in }) }

    /// Opens the window and runs it until it closes, then calls `afterExit` with the session (before an error exit).
    func run(afterExit: (DemoSession) throws -> Void) throws {
        let log = logEvents ? EventLog() : nil
        let session = try DemoSession(options: layout, loading: loading, selection: selection, size: Size(width: width, height: height),
                                      scale: scale, log: log, useDoubleBufferExtension: !noXdbe, useXInput2: !noXinput2)
        session.window.syncsAfterEachFrame = logEvents
        session.collectionView.isSmoothScrollingEnabled = !noSmooth
        // The first viewport and scroll bar: together the view's first size, which a replay gives its view.
        log?.log("start", [("arguments", .array(CommandLine.arguments.dropFirst().map { .string($0) })),
                           session.controller.viewportField(of: session.collectionView, withPosition: false),
                           session.controller.scrollBarField(of: session.collectionView), ("scale", .number(session.controller.scale))])
        let reason: WindowExitReason
        do {
            reason = try session.window.run()
        } catch let error as X11Error {
            // `run()` throws it when the connection is lost (the server went away, or closed it): one line, and
            // status 1 as for a display that cannot be opened.
            printError("\(error); exiting")
            throw ExitCode(1)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        log?.log("exit", [("reason", .string(reason.logName))] + session.controller.stateFields(session.collectionView))
        try afterExit(session)
        if reason == .destroyedByAnotherClient {
            printError("the window was destroyed by another X client; exiting")
            throw ExitCode(1)
        }
    }
}

extension WindowCommand {
    /// Refuses a `--scale` outside 0.25 ... 8.
    static func validateScale(_ scale: Double?) throws {
        if let scale, !(scale.isFinite && scale >= 0.25 && scale <= 8) {
            throw ValidationError("--scale is \(scale); it must be from 0.25 to 8")
        }
    }
}

extension WindowExitReason {
    /// The `reason` of the log's `exit` event.
    var logName: String {
        switch self {
        case .closedByWindowManager: return "wmDelete"
        case .stopped: return "key"  // the demo stops its window only on its quit key
        case .destroyedByAnotherClient: return "destroyed"
        }
    }
}

/// Prints `waterfall-demo: message` on standard error, in one write, from any thread: through `StandardError`, so
/// that it is never taken into the display's capture of a refusal (see `Display.init`).
func printError(_ message: String) {
    StandardError.write("waterfall-demo: \(message)\n")
}
