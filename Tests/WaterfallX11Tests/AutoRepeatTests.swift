import CX11
import Foundation
import Testing
import XvfbSupport

@testable import WaterfallX11

/// Detectable auto-repeat: a held key repeats its KeyPress without a fake KeyRelease before each repeat, on the
/// library's connection, while a plain connection gets press and release pairs.
@Suite(.serialized)
struct AutoRepeatTests {
    /// Holds the key of keycode 38 down on `xvfb` until `window` (on `connection`, selecting KeyPress and KeyRelease)
    /// got three presses of it, lets it go and returns the events of that key to the real release: "press" and
    /// "release" in order. Waits on the events, never on a delay.
    private func holdKey(on connection: OpaquePointer, window: UInt, xvfb: XvfbServer) throws -> [String] {
        let keycode: UInt32 = 38
        XMapWindow(connection, window)
        XSync(connection, 0)
        // Keyboard focus follows the pointer on a server without a window manager.
        try xdotool(["mousemove", "--window", String(window), "10", "10"], display: xvfb.display)
        var events: [String] = []
        var released = false
        try xdotool(["keydown", String(keycode)], display: xvfb.display)
        let deadline = Date().addingTimeInterval(20)
        while events.last != "release" || !released {
            while XPending(connection) > 0 {
                var event = XEvent()
                XNextEvent(connection, &event)
                guard event.type == KeyPress || event.type == KeyRelease, event.xkey.keycode == keycode else {
                    continue
                }
                events.append(event.type == KeyPress ? "press" : "release")
            }
            if !released, events.filter({ $0 == "press" }).count >= 3 {
                try xdotool(["keyup", String(keycode)], display: xvfb.display)
                released = true
            }
            guard Date() < deadline else { throw X11TestError("the held key gave only \(events)") }
            var descriptor = pollfd(fd: XConnectionNumber(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
        }
        return events
    }

    private func keyWindow(on connection: OpaquePointer) -> UInt {
        let window = XCreateSimpleWindow(connection, XDefaultRootWindow(connection), 0, 0, 100, 100, 0, 0, 0)
        XSelectInput(connection, window, KeyPressMask | KeyReleaseMask)
        return window
    }

    @Test func aHeldKeyRepeatsItsPressWithoutFakeReleasesOnTheLibrarysConnection() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        #expect(display.hasDetectableAutoRepeat)
        let events = try holdKey(on: display.handle, window: keyWindow(on: display.handle), xvfb: xvfb)
        #expect(events.count >= 4)
        #expect(events.dropLast().allSatisfy { $0 == "press" }, "\(events)")
        #expect(events.last == "release")
    }

    @Test func withoutItEachRepeatComesAfterAFakeRelease() throws {
        // The control: the same held key on a plain connection, which has not asked for detectable auto-repeat.
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        guard let connection = XOpenDisplay(xvfb.display) else { throw X11TestError("cannot open \(xvfb.display)") }
        defer { XCloseDisplay(connection) }
        let events = try holdKey(on: connection, window: keyWindow(on: connection), xvfb: xvfb)
        #expect(events.count >= 6)
        #expect(events == Array(repeating: ["press", "release"], count: events.count / 2).flatMap { $0 }, "\(events)")
    }
}
