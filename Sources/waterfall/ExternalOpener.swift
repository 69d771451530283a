import Foundation
import ProgramSupport
import SystemPackage
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallX11

/// Opens a file in the desktop's default program for it (a video in its player, asked by Enter in the lightbox:
/// `PhotoWall.onOpenExternally`): runs `xdg-open PATH` (found on PATH) beside the window (`ChildProcess`), and shows
/// in the status bar when it could not be started or failed, until the next open.
///
/// With `--log-events` it logs `openExternally` events: `state` "started" (`path`), "exited" (`path`, `status` or
/// `signal`, and the status bar's `message` when it failed) and "refused" (`path`, `message`).
final class ExternalOpener {
    /// The program that opens a file in the desktop's default program for it.
    static let opener = "xdg-open"

    private let log: EventLog?
    /// What runs: each file and its opener.
    private var running: [(path: FilePath, child: ChildProcess)] = []
    /// What the status bar shows instead of the wall's counts, while set: the last failure.
    private(set) var message: String?
    /// Wakes the window's loop when an opener ends (set by `attach(to:)`).
    private var wake: @Sendable () -> Void = {}

    /// An opener logging to `log`.
    init(log: EventLog?) {
        self.log = log
    }

    /// Takes the window's wakes after those before it, to collect an opener's end on the window's thread.
    func attach(to window: WaterfallWindow) {
        let signal = window.wakeSignal
        wake = { signal.wake() }
        let before = window.onWake
        window.onWake = { [unowned self] in
            before?()
            collectEnds()
        }
    }

    /// Runs `xdg-open path`, or says why it cannot.
    func open(_ path: FilePath) {
        message = nil
        guard let executable = Self.find(Self.opener, in: ProcessInfo.processInfo.environment["PATH"] ?? "") else {
            return refuse(
                "cannot play \(path.lastComponent?.string ?? path.string): \(Self.opener) not found", path: path)
        }
        do {
            let child = try ChildProcess(executable: executable, arguments: [path.string], input: [], onEnd: wake)
            running.append((path, child))
            log?.log("openExternally", [("state", .string("started")), ("path", .string(path.string))])
        } catch {
            refuse("cannot play \(path.lastComponent?.string ?? path.string): \(error)", path: path)
        }
    }

    /// On the window's thread after a wake: the openers that ended, logged; a failure shown in the status bar.
    private func collectEnds() {
        var stillRunning: [(path: FilePath, child: ChildProcess)] = []
        for (path, child) in running {
            guard let end = child.termination else {
                stillRunning.append((path, child))
                continue
            }
            var fields: [(String, JSONValue)] = [("state", .string("exited")), ("path", .string(path.string))]
            switch end {
            case .exited(let status): fields.append(("status", .int(Int(status))))
            case .signalled(let signal): fields.append(("signal", .int(Int(signal))))
            }
            if !end.isSuccess {
                message = "\(Self.opener) \(path.lastComponent?.string ?? path.string): \(end)"
                fields.append(("message", .string(message ?? "")))
            }
            log?.log("openExternally", fields)
        }
        running = stillRunning
    }

    /// Shows `text` in the status bar and logs it as `refused`.
    private func refuse(_ text: String, path: FilePath) {
        message = text
        log?.log(
            "openExternally",
            [("state", .string("refused")), ("path", .string(path.string)), ("message", .string(text))])
    }

    /// The first executable file named `name` in the folders of `searchPath` (a PATH value), as a shell finds it.
    static func find(_ name: String, in searchPath: String) -> String? {
        searchPath.split(separator: ":").map { ($0.isEmpty ? "." : String($0)) + "/" + name }.first {
            access($0, X_OK) == 0
        }
    }
}
