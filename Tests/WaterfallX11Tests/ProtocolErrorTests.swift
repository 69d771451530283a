import CX11
import Synchronization
import Testing
import XvfbSupport

@testable import WaterfallX11

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
    @Test func theProgramsHandlerHearsAProtocolErrorAndTheDefaultComesBack() throws {
        let xvfb = try XvfbServer()
        let display = try Display(name: xvfb.display)
        let missing: UInt = 0x3FF_FFF0  // an id no client was given, this test's own
        let heard = Mutex<[X11ProtocolError]>([])
        X11ErrorHandler.set { error in
            // Other tests' connections share the process-wide handler: keep this test's error only.
            if error.resource == missing { heard.withLock { $0.append(error) } }
        }
        defer { X11ErrorHandler.set(X11ErrorHandler.printOnStandardError) }
        XMapWindow(display.handle, missing)  // BadWindow
        display.sync()
        let errors = heard.withLock { $0 }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.errorCode == UInt8(BadWindow) && error.requestCode == 8 && error.minorCode == 0)
        #expect(error.text == "BadWindow (invalid Window parameter)")
    }
}
