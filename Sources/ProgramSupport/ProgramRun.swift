import ArgumentParser
import WaterfallX11

/// How both programs open their display and run their window, and what they say when either fails: one line through
/// `report`, then status 1 for a display that cannot be opened or a connection lost (the server went away, or closed
/// it), 2 for anything else.
package enum ProgramRun {
    /// Connects to the display, capturing the server's refusal for the message.
    /// - Throws: `ExitCode(1)` after reporting why it cannot.
    package static func openDisplay(report: (String) -> Void) throws -> Display {
        do {
            return try Display(capturingRefusal: true)
        } catch {
            report("\(error)")
            throw ExitCode(1)
        }
    }

    /// Runs `window` until it closes and returns why it did.
    /// - Throws: `ExitCode(1)` after reporting a lost connection, `ExitCode(2)` after another error.
    package static func run(_ window: WaterfallWindow, report: (String) -> Void) throws -> WindowExitReason {
        do {
            return try window.run()
        } catch let error as X11Error {
            report("\(error); exiting")
            throw ExitCode(1)
        } catch {
            report("\(error)")
            throw ExitCode(2)
        }
    }
}

extension ProgramRun {
    /// Ends the program as its window's end asks: a window another client destroyed is reported through `report`,
    /// with status 1; any other end returns.
    /// - Throws: `ExitCode(1)` for `.destroyedByAnotherClient`.
    package static func finish(after reason: WindowExitReason, report: (String) -> Void) throws {
        guard reason == .destroyedByAnotherClient else { return }
        report("the window was destroyed by another X client; exiting")
        throw ExitCode(1)
    }
}

extension WindowExitReason {
    /// The `reason` of the log's `exit` event.
    package var logName: String {
        switch self {
        case .closedByWindowManager: return "wmDelete"
        case .stopped: return "key"  // the programs stop their window only on their quit key
        case .destroyedByAnotherClient: return "destroyed"
        }
    }
}
