import CX11
import Foundation
import Synchronization
import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// A display whose server goes away: its event loop throws the loss naming the display, on every turn after, and its
/// window and the connection are let go without asking the server, without a crash or a hang, in the same process.
@Suite(.serialized)
struct ConnectionLossTests {
    @Test func aLostConnectionIsThrownOnEveryTurnAndTheWindowAndDisplayAreLetGo() throws {
        let xvfb = try XvfbServer()
        var display: Display? = try Display(name: xvfb.display)
        let source = FixedHeightSource(count: 20, height: 50)
        var window: WaterfallWindow? = try makeWindow(on: try #require(display), source: source)
        try pump(try #require(display)) { window?.framesPresented ?? 0 >= 1 }
        #expect(display?.isConnectionLost == false)
        xvfb.stop()

        let lost = X11Error.connectionLost(display: xvfb.display)
        #expect(throws: lost) { try pump(try #require(display)) { false } }
        #expect(display?.isConnectionLost == true)
        #expect(throws: lost) { try display?.processPendingEvents() }
        #expect(throws: lost) { try window?.run() }
        #expect(
            lost.description
                == "lost the connection to X display '\(xvfb.display)': the server went away or closed the connection")

        let serial = try #require(display).nextRequestSerial
        weak let released = window
        window = nil
        #expect(released == nil)
        #expect(display?.nextRequestSerial == serial, "releasing the window queued requests on the lost connection")
        display = nil  // XCloseDisplay on the lost connection returns

        // Another server, another display: Waterfall's handlers serve it as before.
        let next = try XvfbServer()
        let again = try Display(name: next.display)
        let nextWindow = try makeWindow(on: again, source: source)
        try pump(again) { nextWindow.framesPresented >= 1 }
        #expect(!again.isConnectionLost)
    }
}

/// A window of one column of `source`'s cells on `display`, with no status bar.
private func makeWindow(on display: Display, source: FixedHeightSource) throws -> WaterfallWindow {
    let view = CollectionView(layout: CollectionLayout(columnCount: 1), columnPolicy: .fixed(1))
    view.register(forCellWithReuseIdentifier: "cell") { CollectionViewCell(reuseIdentifier: "cell") }
    view.dataSource = source
    return try WaterfallWindow(
        display: display, collectionView: view,
        configuration: .init(title: "Lost", size: Size(width: 200, height: 220)))
}

/// Protocol errors from odd requests are reported with their codes and survived, as dwm survives them.
struct ProtocolErrorTests {
    @Test func aBadWindowAndABadMatchAreReportedWithTheirCodesAndTheConnectionGoesOn() throws {
        let xvfb = try XvfbServer()
        let display = try Display(name: xvfb.display)
        let missing: UInt = 0x3FF_FFFF  // an id no client was given
        XMapWindow(display.handle, missing)  // BadWindow
        // BadMatch: a depth-1 InputOutput window with the root's 24-bit visual.
        var attributes = XSetWindowAttributes()
        let mismatched = XCreateWindow(
            display.handle, display.root, 0, 0, 10, 10, 0, 1, UInt32(InputOutput),
            UnsafeMutablePointer<Visual>(display.connection.visual), 0, &attributes)
        display.sync()

        let errors = ErrorHandlers.recentErrors(on: display.handle)
        #expect(errors.map(\.errorCode) == [UInt8(BadWindow), UInt8(BadMatch)])
        #expect(errors.map(\.requestCode) == [8, 1])  // X_MapWindow, X_CreateWindow (Xproto.h)
        #expect(errors.first?.resource == missing)
        #expect(
            errors.first?.description == "BadWindow (invalid Window parameter) "
                + "(error code 3, request code 8, minor code 0, resource 0x3ffffff)")
        #expect(
            errors.last?.description.hasPrefix("BadMatch (invalid parameter attributes) (error code 8, request code 1,")
                == true)
        _ = mismatched

        // The connection goes on: a real window is created, mapped and queried without another error.
        let window = XCreateSimpleWindow(display.handle, display.root, 0, 0, 20, 20, 0, 0, 0)
        XMapWindow(display.handle, window)
        var queried = XWindowAttributes()
        #expect(XGetWindowAttributes(display.handle, window, &queried) != 0)
        #expect(queried.width == 20)
        #expect(ErrorHandlers.recentErrors(on: display.handle).count == 2)
    }
}

/// The program decides what an X error does: its handler hears each protocol error, with the codes.
@Suite(.serialized)
struct ProgramErrorHandlerTests {
    /// Three errors, each heard from the same depth of the stack: the handler is not wrapped anew at each report.
    @Test func theProgramsHandlerHearsEachProtocolErrorAndTheDefaultComesBack() throws {
        let xvfb = try XvfbServer()
        let display = try Display(name: xvfb.display)
        let missing: UInt = 0x3FF_FFF0  // an id no client was given, this test's own
        let heard = Mutex<[(error: X11ProtocolError, stackDepth: Int)]>([])
        X11ErrorHandler.set { error in
            // Other tests' connections share the process-wide handler: keep this test's errors only.
            guard error.resource == missing else { return }
            heard.withLock { $0.append((error, Thread.callStackReturnAddresses.count)) }
        }
        defer { X11ErrorHandler.set(X11ErrorHandler.printOnStandardError) }
        for _ in 0..<3 { XMapWindow(display.handle, missing) }  // BadWindow
        display.sync()
        let errors = heard.withLock { $0 }
        #expect(errors.count == 3)
        let error = try #require(errors.first?.error)
        #expect(error.errorCode == UInt8(BadWindow) && error.requestCode == 8 && error.minorCode == 0)
        #expect(error.text == "BadWindow (invalid Window parameter)")
        #expect(Set(errors.map(\.stackDepth)).count == 1, "\(errors.map(\.stackDepth))")
    }
}

/// A program that embeds a Waterfall window (Tests/EmbeddingHost) owns its errors: when its server goes away it hears
/// it from `run()` or `processPendingEvents()` and ends as it chooses, and the X error handlers it had before
/// Waterfall's still hear what happens on its own connection.
@Suite(.serialized)
struct EmbeddingHostTests {
    @Test(arguments: ["run", "loop"])
    func aHostWhoseServerIsKilledHearsItAndExitsWithItsOwnStatusAndMessage(mode: String) throws {
        let xvfb = try XvfbServer()
        let host = try DemoProcess(executable: "embedding-host", arguments: [mode], display: xvfb.display)
        try host.waitForLine("the host's first frame") { $0 == "presented" }
        xvfb.stop()
        #expect(try host.waitForExit() == 3)
        // The program's line alone: nothing from Xlib ("X connection to ... broken") or from Waterfall.
        #expect(
            host.standardError
                == "embedding-host: lost the connection to X display '\(xvfb.display)': the server went away or closed the connection\n"
        )
        #expect(host.lines == ["presented"])
    }

    @Test func theHostsErrorHandlerSetBeforeWaterfallsHearsTheErrorsOfItsOwnConnectionOnly() throws {
        let xvfb = try XvfbServer()
        let host = try DemoProcess(executable: "embedding-host", arguments: ["chain"], display: xvfb.display)
        #expect(try host.waitForExit() == 0, "\(host.standardError)")
        let lines = host.lines
        try #require(lines.count == 4, "\(lines)")
        // "own window 0x..., Waterfall's window 0x..."
        let windows = lines[1].split(separator: " ").compactMap {
            UInt($0.trimmingCharacters(in: .punctuationCharacters).dropFirst(2), radix: 16)
        }
        try #require(windows.count == 2, "\(lines[1])")
        let (own, waterfalls) = (String(windows[0], radix: 16), String(windows[1], radix: 16))
        #expect(
            lines == [
                "presented", "own window 0x\(own), Waterfall's window 0x\(waterfalls)",
                "host error handler: error 3, request 8, resource 0x\(own)", "done",
            ])
        // Waterfall's own errors, its two title properties on its destroyed window, reported Waterfall's way.
        let refused =
            "waterfall: X error: BadWindow (invalid Window parameter) (error code 3, request code 18, minor code 0, resource 0x\(waterfalls))"
        #expect(host.standardError == refused + "\n" + refused + "\n")
    }

    @Test func theHostsIOErrorHandlerSetBeforeWaterfallsHearsTheLossOfItsOwnConnectionOnly() throws {
        let xvfb = try XvfbServer()
        let host = try DemoProcess(executable: "embedding-host", arguments: ["io-chain"], display: xvfb.display)
        try host.waitForLine("the host's first frame") { $0 == "presented" }
        xvfb.stop()
        #expect(try host.waitForExit() == 3)
        // Waterfall's connection was lost first (`run()` threw) without a word from the host's handler; then the
        // host's own connection, whose exit handler returns.
        #expect(
            host.lines == ["presented", "host IO error handler: \(xvfb.display)", "host exit handler: \(xvfb.display)"])
        #expect(
            host.standardError
                == "embedding-host: lost the connection to X display '\(xvfb.display)': the server went away or closed the connection\n"
        )
    }
}
