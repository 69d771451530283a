import ArgumentParser
import Foundation
import ProgramSupport
import Waterfall
import WaterfallAccessibility
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

    @Option(
        help: ArgumentHelp(
            "Pixels per point, 0.25 to 8 (by default Xft.dpi ÷ 96 from the X resources, else 1): everything drawn grows by it; --width and --height are in points.",
            valueName: "s"))
    var scale: Double?

    @OptionGroup var flags: WindowFlags

    mutating func validate() throws {
        try LayoutOptions.validateWindowSize(width: width, height: height)
        try Self.validateScale(scale)
        _ = try layout.cardMetrics()
        try DemoWindowLayout.validateColumnWidth(layout, window: Size(width: width, height: height))
    }

    func run() throws { try run(afterExit: { _ in }) }

    /// Opens the window and runs it until it closes, then calls `afterExit` with the session (before an error exit).
    func run(afterExit: (DemoSession) throws -> Void) throws {
        let log = flags.logEvents ? EventLog() : nil
        let session = try DemoSession(
            options: layout, loading: loading, selection: selection, size: Size(width: width, height: height),
            scale: scale, log: log, useDoubleBufferExtension: !flags.noXdbe, useXInput2: !flags.noXinput2)
        session.window.syncsAfterEachFrame = flags.logEvents
        session.collectionView.isSmoothScrollingEnabled = !flags.noSmooth
        // The first viewport and scroll bar: together the view's first size, which a replay gives its view.
        log?.log(
            "start",
            [
                ("arguments", .array(CommandLine.arguments.dropFirst().map { .string($0) })),
                session.controller.viewportField(of: session.collectionView, withPosition: false),
                session.controller.scrollBarField(of: session.collectionView),
                ("scale", .number(session.controller.scale)),
            ])
        // The cards for screen readers, after the first frame and only where an accessibility bus runs.
        let accessibility = AccessibilityBridge(
            display: session.display, window: session.window,
            content: DemoAccessibility(controller: session.controller), applicationName: "Waterfall demo")
        accessibility.onStateChange = { state in log?.log("accessibility", [("state", .string(state.rawValue))]) }
        accessibility.start()
        let reason = try withExtendedLifetime(accessibility) { try ProgramRun.run(session.window, report: printError) }
        log?.log("exit", [("reason", .string(reason.logName))] + session.controller.stateFields(session.collectionView))
        try afterExit(session)
        try ProgramRun.finish(after: reason, report: printError)
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

/// Prints `waterfall-demo: message` on standard error, in one write, from any thread: through `StandardError`, so
/// that it is never taken into the display's capture of a refusal (see `Display.init`).
func printError(_ message: String) {
    StandardError.write("waterfall-demo: \(message)\n")
}
