import Foundation
import Testing
import XvfbSupport

/// The helper programs the X11 tests run (Xvfb, twm, xdotool): twm starts on a server without font packages, and
/// when a helper exits at once or fails, the test's error quotes what it printed on stderr.
@Suite(.serialized)
struct HelperProgramTests {
    /// The error `body` throws, as the test would report it.
    private func errorText(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func twmStartsWithTheServersBuiltInFontAndPrintsNothing() throws {
        let xvfb = try XvfbServer()
        let windowManager = try WindowManager(display: xvfb.display)
        #expect(windowManager.printed == "")
    }

    @Test func twmThatExitsAtOnceIsQuoted() throws {
        let xvfb = try XvfbServer()
        let twm = try #require(findExecutable("twm"))  // twm names itself by its argv[0]
        // In a UTF-8 locale twm loads its fonts as font sets, and exits when one does not exist: as it did with
        // its default "variable" on a machine without font packages.
        let error = errorText {
            _ = try WindowManager(
                display: xvfb.display, configuration: "TitleFont \"waterfall-no-such-font\"\n", locale: "C.UTF-8")
        }
        #expect(
            error
                == "twm exited with status 1 before managing \(xvfb.display); it printed: \(twm):  unable to open fontset \"waterfall-no-such-font\""
        )
    }

    @Test func aSecondWindowManagerIsRefusedBeforeItStarts() throws {
        let xvfb = try XvfbServer()
        let first = try WindowManager(display: xvfb.display)
        defer { withExtendedLifetime(first) {} }
        let error = errorText { _ = try WindowManager(display: xvfb.display) }
        #expect(error == "a window manager already manages \(xvfb.display): twm would exit at once")
    }

    @Test func xvfbThatExitsAtOnceIsQuoted() throws {
        // Xvfb has no 7-bit visual: it cannot add the screen and exits. Before its reason it prints a line for each
        // display number it found taken, which depends on the other servers running.
        let error = try #require(errorText { _ = try XvfbServer(width: 100, height: 100, depth: 7) })
        #expect(
            error.hasPrefix(
                "Xvfb exited with status 1 before it reported a display number (on stdout: ''); it printed: "),
            "\(error)")
        #expect(error.hasSuffix("Fatal server error:\n(EE) Couldn't add screen 0(EE)"), "\(error)")
    }

    /// No window has this id on a new server: the server's own resources have small ids, and clients' start at
    /// 0x200000.
    static let missingWindow = "123456"

    @Test func anXdotoolSessionThatFailsIsQuoted() throws {
        let xvfb = try XvfbServer()
        let session = try XdotoolSession(display: xvfb.display)
        try session.send(["mousemove 5 5", "windowsize \(Self.missingWindow) 10 10", "mousemove 6 6"])
        let error = try #require(errorText { try session.finish() })
        #expect(
            error.hasPrefix(
                "xdotool exited with status 1; it printed: X Error of failed request:  BadWindow (invalid Window parameter)\n"
            ), "\(error)")
    }

    @Test func aFinishedXdotoolSessionHasRunEveryCommand() throws {
        let xvfb = try XvfbServer()
        let session = try XdotoolSession(display: xvfb.display)
        try session.send(["mousemove 5 5", "mousemove 6 7"])
        try session.finish()
        let location = String(
            decoding: try runTool("xdotool", ["getmouselocation"], display: xvfb.display), as: UTF8.self)
        #expect(location.hasPrefix("x:6 y:7 "), "\(location)")
    }

    @Test func aToolThatFailsIsQuoted() throws {
        let xvfb = try XvfbServer()
        let error = try #require(
            errorText { try xdotool(["windowsize", Self.missingWindow, "10", "10"], display: xvfb.display) })
        #expect(
            error.hasPrefix(
                "xdotool windowsize \(Self.missingWindow) 10 10 exited with status 1; it printed: X Error of failed request:  BadWindow (invalid Window parameter)\n"
            ), "\(error)")
    }
}
