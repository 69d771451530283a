import Foundation
import ProgramSupport
import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos
import WaterfallX11

/// nsxiv's key handler: Ctrl+X, then a key, runs the user's `$XDG_CONFIG_HOME/waterfall/key-handler` with the key's
/// name as its argument ("r", "R", "C-r", "S-Left") and the chosen photos' paths on its standard input (the photo
/// shown in the lightbox, else the selected photos, else the focused one), one a line or each ended by a NUL. It runs
/// beside the window (`ChildProcess`), which stays responsive; one runs at a time. The status bar says "Ctrl+X-"
/// while the key is awaited, that the handler runs, and how it failed until the next action. What it does to the
/// files comes back through the wall's live folders.
///
/// With `--log-events` it logs `keyHandler` events: `state` "prefix", "cancelled", "started" (`key`, `files`),
/// "exited" (`key`, `status` or `signal`, and the status bar's `message` when it failed) and "refused" (`message`).
final class KeyHandler {
    /// Where the handler is looked for, and how the paths are ended.
    struct Settings {
        /// The handler's path.
        var executable: String
        /// Whether each path ends with a NUL rather than a newline (for `xargs -0`).
        var nulSeparated = false
    }

    /// What the handler is doing.
    private enum Phase {
        case idle
        /// Ctrl+X was pressed: the next key is the handler's.
        case waitingForKey
        /// The handler runs with `key`.
        case running(key: String, child: ChildProcess)
    }

    let settings: Settings
    private unowned let wall: PhotoWall
    private let log: EventLog?
    private var phase = Phase.idle
    /// What the status bar shows instead of the wall's counts, while set.
    private(set) var message: String?
    /// Wakes the window's loop when a handler ends (set by `attach(to:)`).
    private var wake: @Sendable () -> Void = {}
    /// Hears the view's inputs, for "the next action" (kept: the window holds its observer weakly).
    private var actionObserver: UserActionObserver?
    /// The lightbox's photo when Ctrl+X was pressed (`nil` on the wall): the lightbox's own keys (Left, Escape...)
    /// reach neither the program nor the view, so a photo shown since then means an action came between.
    private var shownAtPrefix: Int?

    /// The handler of `settings` for the chosen photos of `wall`, logging to `log`.
    init(settings: Settings, wall: PhotoWall, log: EventLog?) {
        self.settings = settings
        self.wall = wall
        self.log = log
    }

    /// `$XDG_CONFIG_HOME/waterfall/key-handler`, with `~/.config` when XDG_CONFIG_HOME is unset, empty or relative (as the
    /// XDG Base Directory spec asks).
    static func defaultExecutable(in directories: XDGDirectories) -> String {
        directories.config + "/waterfall/key-handler"
    }

    /// Takes the window's wakes after the wall (shown in it already) and hears its view's inputs in front of the
    /// window's observer (the event log's, if any): a handler's end is collected on the window's thread, and a click, a wheel turn or a key the view
    /// takes is an action (it clears a message and cancels a pending Ctrl+X).
    func attach(to window: WaterfallWindow) {
        let signal = window.wakeSignal
        wake = { signal.wake() }
        let wallWake = window.onWake
        window.onWake = { [unowned self] in
            wallWake?()
            collectEnd()
        }
        let observer = UserActionObserver(forwardingTo: window.observer) { [unowned self] in noteAction() }
        actionObserver = observer
        window.observer = observer
    }

    // MARK: Keys

    /// Offered every key before the key bindings: the key after Ctrl+X (the `key-handler` action) is the handler's
    /// (true); any other key is an action that clears a message (false: the bindings handle it).
    func takesKey(_ name: String, modifiers: ModifierKeys) -> Bool {
        if Self.isModifierKey(name) { return false }  // Ctrl or Shift alone: neither the awaited key nor an action
        if case .waitingForKey = phase { return takeAwaitedKey(name, modifiers: modifiers) }
        noteAction()
        return false
    }

    /// The key after Ctrl+X: runs the handler with it. Escape cancels, and so does any key once the lightbox shows
    /// another photo than at Ctrl+X; that key is then the program's (false), as after any action.
    private func takeAwaitedKey(_ name: String, modifiers: ModifierKeys) -> Bool {
        guard name != "Escape", shownPhoto == shownAtPrefix else {
            cancelPrefix()
            return name == "Escape"
        }
        phase = .idle
        run(key: Self.keyName(name, modifiers: modifiers))
        return true
    }

    /// Stops waiting for the key after Ctrl+X.
    private func cancelPrefix() {
        phase = .idle
        message = nil
        log?.log("keyHandler", [("state", .string("cancelled"))])
    }

    /// Ctrl+X: waits for the key to run the handler with, or refuses while a handler runs.
    func beginPrefix() {
        if case .running(let key, _) = phase { return refuse("key-handler \(key) is still running") }
        phase = .waitingForKey
        shownAtPrefix = shownPhoto
        message = "Ctrl+X-"
        log?.log("keyHandler", [("state", .string("prefix"))])
    }

    /// The handler's argument for the key `name` (the window's first-level keysym name) with `modifiers`, as nsxiv
    /// names it: "C-" for Control; Shift makes a letter upper case, and is "S-" for any other key.
    static func keyName(_ name: String, modifiers: ModifierKeys) -> String {
        var key = name
        var prefix = modifiers.contains(.control) ? "C-" : ""
        if modifiers.contains(.shift) {
            if name.count == 1, name.allSatisfy({ $0.isASCII && $0.isLowercase }) {
                key = name.uppercased()
            } else {
                prefix += "S-"
            }
        }
        return prefix + key
    }

    /// Whether `name` is a modifier key's keysym (X's `IsModifierKey`): pressed alone, it is not the awaited key.
    static func isModifierKey(_ name: String) -> Bool {
        let modifiers: Set<String> = [
            "Shift_L", "Shift_R", "Control_L", "Control_R", "Caps_Lock", "Shift_Lock", "Meta_L", "Meta_R",
            "Alt_L", "Alt_R", "Super_L", "Super_R", "Hyper_L", "Hyper_R", "Mode_switch", "Num_Lock",
        ]
        return modifiers.contains(name) || name.hasPrefix("ISO_Level")
            || name.hasPrefix("ISO_") && name.hasSuffix("_Lock")
    }

    /// A click, a wheel turn or a key: clears the message of an ended handler, and cancels a pending Ctrl+X.
    private func noteAction() {
        switch phase {
        case .waitingForKey: cancelPrefix()
        case .idle: message = nil
        case .running: break
        }
    }

    // MARK: Running

    /// The card shown in the lightbox, while it is open.
    private var shownPhoto: Int? { wall.lightbox?.index }

    /// The photos the handler gets: the one shown in the lightbox, else the selected ones, else the focused one; a
    /// stack's every photo.
    private var chosenFiles: [FilePath] {
        if let lightbox = wall.lightbox {
            return wall.items.path(ofIndex: lightbox.index).map { wall.items[$0].files } ?? []
        }
        let selected = wall.selectedFiles
        if !selected.isEmpty { return selected }
        return wall.collectionView.focusedItem.map { wall.items[$0].files } ?? []
    }

    /// Runs the handler with `key` on the chosen photos, or says why it cannot.
    private func run(key: String) {
        let path = settings.executable
        var status = stat()
        guard stat(path, &status) == 0 else {
            return refuse("no key handler: \(path) does not exist (see docs/key-handler.md)", key: key)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG, access(path, X_OK) == 0 else {
            return refuse("the key handler \(path) is not an executable file (chmod +x it)", key: key)
        }
        let files = chosenFiles
        guard !files.isEmpty else { return refuse("key-handler \(key): no photo selected", key: key) }
        let end: UInt8 = settings.nulSeparated ? 0 : UInt8(ascii: "\n")
        let input = files.flatMap { $0.bytes + [end] }  // the paths' own bytes, UTF-8 or not
        do {
            let child = try ChildProcess(
                executable: path, arguments: [key],
                environment: ["WATERFALL_USING_NULL": settings.nulSeparated ? "1" : "0"],
                input: input, onEnd: wake)
            phase = .running(key: key, child: child)
            message = "key-handler \(key) running…"
            log?.log(
                "keyHandler", [("key", .string(key)), ("state", .string("started")), ("files", .int(files.count))])
        } catch {
            printError("key-handler \(key): \(error)")
            refuse("key-handler \(key): \(error)", key: key)
        }
    }

    /// On the window's thread after a wake: when the handler has ended, shows how (only a failure stays) and logs it.
    private func collectEnd() {
        guard case .running(let key, let child) = phase, let end = child.termination else { return }
        phase = .idle
        message = end.isSuccess ? nil : "key-handler \(key): \(end)"
        var fields: [(String, JSONValue)] = [("key", .string(key)), ("state", .string("exited"))]
        switch end {
        case .exited(let status): fields.append(("status", .int(Int(status))))
        case .signalled(let signal): fields.append(("signal", .int(Int(signal))))
        }
        if let message { fields.append(("message", .string(message))) }
        log?.log("keyHandler", fields)
    }

    /// Shows `text` until the next action, and logs it as `refused`.
    private func refuse(_ text: String, key: String? = nil) {
        message = text
        log?.log(
            "keyHandler",
            (key.map { [("key", JSONValue.string($0))] } ?? []) + [
                ("state", .string("refused")), ("message", .string(text)),
            ])
    }
}
