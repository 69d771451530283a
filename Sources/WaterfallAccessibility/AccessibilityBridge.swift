import Waterfall
import WaterfallX11

/// A window's cards for screen readers: ATK objects that atk-bridge (at-spi2-core's) speaks AT-SPI for over the
/// accessibility bus, as GTK's widgets are, so that Orca reads the application by its name, the view as a list of
/// the cards in view with their states (selected, focused), the section bars as headings, the status bar and a picture
/// shown large, and follows the keyboard's focus and the selection as they change.
///
/// ```swift
/// let bridge = AccessibilityBridge(
///     display: display, window: window, content: myContent, applicationName: "Photos")
/// bridge.start()
/// _ = try window.run()
/// ```
///
/// Nothing starts where no accessibility bus is: `start()` returns at once and looks after the window's next frame,
/// without starting any process, for `AT_SPI_BUS_ADDRESS` or a session bus where the bus launcher (`org.a11y.Bus`)
/// runs, asked on a thread of its own; only then does the bridge start, connect and serve the bus through GLib's main
/// context in the display's event loop (`Display.addPollSource(_:)`). `NO_AT_BRIDGE=1`, which atk-bridge itself
/// obeys, turns it off before it looks. One bridge per process: atk-bridge serves the first application it is given.
public final class AccessibilityBridge {
    /// How far the bridge got.
    public enum State: String, Sendable {
        /// `start()` was not called yet.
        case notStarted
        /// `NO_AT_BRIDGE=1` turns the bridge off: nothing was looked for.
        case disabled
        /// Looking for an accessibility bus (asking the session bus on a thread of its own).
        case looking
        /// No accessibility bus: nothing was started, and the event loop serves nothing more.
        case noBus
        /// Another thread runs GLib's main context (a host program's GLib loop), on which the objects would be asked
        /// off the loop's thread: the bridge does not start.
        case contextBusy
        /// atk-bridge could not start (its bus went away, or another bridge was started before in the process).
        case failed
        /// atk-bridge serves the window's objects on the accessibility bus.
        case running
    }

    /// How far the bridge got; `onStateChange` hears each change.
    public private(set) var state = State.notStarted {
        didSet { if state != oldValue { onStateChange?(state) } }
    }
    /// Hears the bridge's state change, on the loop's thread.
    public var onStateChange: ((State) -> Void)?

    let display: Display
    let window: WaterfallWindow
    /// Makes the tree, once a bus is found: a start without one makes no object at all.
    private let makeTree: () -> AccessibleTree
    /// The window's objects, once the bridge started.
    private(set) var tree: AccessibleTree?
    /// The toolkit's version, for AT-SPI's `Application.ToolkitVersion`.
    let toolkitVersion: String
    /// GLib's main context in the display's loop, while it is served there.
    private var source: MainContextSource?

    /// A bridge for `window`, on `display` (whose event loop serves the bus), its words from `content`, in an
    /// application named `applicationName` (what a screen reader calls it, AT-SPI's application name). The toolkit is
    /// named "Waterfall" at `toolkitVersion`.
    public init(
        display: Display, window: WaterfallWindow, content: any AccessibilityContent, applicationName: String,
        toolkitVersion: String = ""
    ) {
        self.display = display
        self.window = window
        self.toolkitVersion = toolkitVersion
        makeTree = { [unowned window] in
            AccessibleTree(
                view: window.collectionView, content: content, applicationName: applicationName,
                title: { [unowned window] in window.title },
                statusText: window.statusBar.map { bar in { bar.text() } })
        }
    }

    deinit { stopServing() }

    /// Starts looking for an accessibility bus once the window has presented its next frame (at once when it has
    /// presented one and is idle), so that the program's start never waits for it; returns at once. Call it once, on
    /// the loop's thread.
    public func start() {
        guard state == .notStarted else { return }
        guard !BusHint.isDisabledByEnvironment else {
            state = .disabled
            return
        }
        state = .looking
        if window.framesPresented > 0 {
            _ = window.schedule(after: 0) { [weak self] in self?.look() }
        } else {
            window.performAfterNextFrame { [weak self] in self?.look() }
        }
    }

    /// Looks for a bus where it can be found without starting any process.
    private func look() {
        let hint = BusHint.current
        guard hint != .none else {
            state = .noBus
            return
        }
        guard MainContextSource.acquire() else {
            state = .contextBusy
            return
        }
        let source = MainContextSource()
        self.source = source
        display.addPollSource(source)
        switch hint {
        case .address: startBridge()
        case .sessionBus:
            // Answered from GLib's dispatch: acted on in the turn's timers, outside it.
            BusHint.probeSessionBus { [weak self] found in
                guard let self else { return }
                _ = window.schedule(after: 0) { [weak self] in self?.probeAnswered(found: found) }
            }
        case .none: break
        }
    }

    /// Starts the bridge when the session bus said the bus launcher runs; else serves GLib no longer.
    private func probeAnswered(found: Bool) {
        guard state == .looking else { return }
        if found {
            startBridge()
        } else {
            stopServing()
            state = .noBus
        }
    }

    /// Starts atk-bridge on the bus found, and tells the tree's changes before each wait from then on.
    private func startBridge() {
        let tree = makeTree()
        guard BusHint.startBridge(root: tree.application, toolkitName: "Waterfall", toolkitVersion: toolkitVersion)
        else {
            stopServing()
            state = .failed
            return
        }
        self.tree = tree
        source?.beforeWait = { [unowned tree] in tree.update() }
        tree.frame.notifyActivated()
        state = .running
    }

    /// Takes GLib's main context out of the display's loop and lets it go.
    private func stopServing() {
        guard let source else { return }
        display.removePollSource(source)
        MainContextSource.release()
        self.source = nil
    }
}
