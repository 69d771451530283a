import CX11
import Foundation
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// A second client on the test's server that asks for a selection as xclip does, one step at a time, so that a test
/// drives it and the window's event loop on one thread: its own connection and a 1×1 window that receives the data.
final class SelectionRequestor {
    let display: Display
    let window: UInt

    init(on xvfb: XvfbServer) throws {
        display = try Display(name: xvfb.display)
        window = XCreateSimpleWindow(display.handle, display.root, 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(display.handle, window, PropertyChangeMask)
        display.sync()
    }

    func atom(_ name: String) -> Atom { XInternAtom(display.handle, name, 0) }

    func name(of atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display.handle, atom) else { return "None" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// The server's time now: the time of the PropertyNotify of an empty append to a property of this window (the
    /// way ICCCM 2.1 suggests to get a timestamp without an event).
    func serverTime() throws -> Time {
        let property = atom("WATERFALL_TEST_TIME")
        XChangeProperty(display.handle, window, property, XA_STRING, 8, PropModeAppend, nil, 0)
        display.sync()
        while let event = nextEvent() {
            if event.type == PropertyNotify, event.xproperty.atom == property { return event.xproperty.time }
        }
        throw X11TestError("no PropertyNotify for the time")
    }

    /// The next event already received, without waiting.
    func nextEvent() -> XEvent? {
        guard XPending(display.handle) > 0 else { return nil }
        var event = XEvent()
        XNextEvent(display.handle, &event)
        return event
    }

    /// Sends the window `target` a synthetic event (as another client can), such as a KeyPress with a chosen time.
    func send(_ event: XEvent, to target: UInt, mask: Int) {
        var event = event
        XSendEvent(display.handle, target, 0, mask, &event)
        display.flush()
    }

    /// Writes `atoms` into the requestor window's `property` as a MULTIPLE requestor does: as the plain ATOM list
    /// (type ATOM) when they are one pair, else as type ATOM_PAIR, to show that the owner takes either.
    func setAtomPairs(_ property: Atom, _ atoms: [Atom]) {
        let type = atoms.count == 2 ? XA_ATOM : atom("ATOM_PAIR")
        let longs = atoms.map { Int($0) }
        longs.withUnsafeBytes { buffer in
            _ = XChangeProperty(
                display.handle, window, property, type, 32, PropModeReplace,
                buffer.bindMemory(to: UInt8.self).baseAddress, Int32(longs.count))
        }
        display.flush()
    }

    /// The property's type, format and data (format 32 items as the 32-bit values they are), deleting it.
    func takeProperty(_ property: Atom) -> (type: Atom, format: Int32, bytes: [UInt8], longs: [Int]) {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display.handle, window, property, 0, 1 << 28, 1, 0, &type, &format, &items, &after, &data)
        defer { if let data { XFree(data) } }
        guard let data else { return (type, format, [], []) }
        if format == 32 {
            let longs = UnsafeRawPointer(data).bindMemory(to: Int.self, capacity: Int(items))
            return (type, format, [], (0..<Int(items)).map { longs[$0] })
        }
        return (type, format, Array(UnsafeBufferPointer(start: data, count: Int(items) * Int(format / 8))), [])
    }
}

/// One conversion of a selection by a `SelectionRequestor`, read as xclip reads it: the SelectionNotify, then the
/// property at once, or (INCR) chunk after chunk until an empty one.
final class SelectionRead {
    let requestor: SelectionRequestor
    let property: Atom
    /// The property the SelectionNotify named (0 for None: refused), once it came.
    private(set) var notifiedProperty: Atom?
    private(set) var type: Atom = 0
    private(set) var format: Int32 = 0
    private(set) var bytes: [UInt8] = []
    private(set) var longs: [Int] = []
    /// The size an INCR property announced, and the sizes of the chunks that followed (the last one 0).
    private(set) var incrSize: Int?
    private(set) var chunkSizes: [Int] = []
    private(set) var isFinished = false
    /// When true, the chunks of an INCR transfer are left in place instead of read and deleted: a stalled reader.
    var stalls = false
    /// Called after each chunk read.
    var afterChunk: ((SelectionRead) -> Void)?

    /// Asks for `selection` as `target` into `property` (the requestor's "WATERFALL_TEST" by default, `nil` for None,
    /// as an obsolete client), at `time` (CurrentTime by default).
    init(
        _ requestor: SelectionRequestor, selection: String = "CLIPBOARD", target: String,
        property: String? = "WATERFALL_TEST",
        time: Time = Time(CurrentTime)
    ) {
        self.requestor = requestor
        let targetAtom = requestor.atom(target)
        self.property = property.map(requestor.atom) ?? 0
        XConvertSelection(
            requestor.display.handle, requestor.atom(selection), targetAtom, self.property, requestor.window, time)
        requestor.display.flush()
    }

    /// Handles the events the requestor has received; returns whether the read is finished.
    func step() -> Bool {
        while !isFinished, let event = requestor.nextEvent() {
            handle(event)
        }
        return isFinished
    }

    private func handle(_ event: XEvent) {
        switch event.type {
        case SelectionNotify where notifiedProperty == nil:
            notifiedProperty = event.xselection.property
            guard event.xselection.property != 0 else {
                isFinished = true
                return
            }
            let taken = requestor.takeProperty(event.xselection.property)
            if taken.type == requestor.atom("INCR") {
                incrSize = taken.longs.first  // deleted: the owner sends the first chunk
            } else {
                (type, format, bytes, longs) = taken
                isFinished = true
            }
        case PropertyNotify
        where incrSize != nil && event.xproperty.state == PropertyNewValue
            && event.xproperty.atom == notifiedProperty && !stalls:
            let chunk = requestor.takeProperty(event.xproperty.atom)
            (type, format) = (chunk.type, chunk.format)
            chunkSizes.append(chunk.bytes.count)
            bytes += chunk.bytes
            if chunk.bytes.isEmpty { isFinished = true }
            afterChunk?(self)
        default:
            break
        }
    }
}

/// Turns the window's event loop until `done()` (which may drive other clients) is true, at most `limit` seconds (a
/// bound on a hang, not a measurement). A 10 ms timer bounds each turn's sleep in `poll`, so that `done()` is asked
/// again even when the window receives nothing.
func drive(
    _ window: WaterfallWindow, limit: TimeInterval = 20, _ description: String, until done: () throws -> Bool
) throws {
    let deadline = Date().addingTimeInterval(limit)
    while try !done() {
        guard Date() < deadline else { throw X11TestError("no \(description) within \(limit) s") }
        let tick = window.schedule(after: 0.01) {}
        _ = try window.turn()
        window.cancel(tick)
    }
}

/// A window on `xvfb` with an empty collection view, its first frame drawn.
func makeSelectionWindow(on xvfb: XvfbServer) throws -> WaterfallWindow {
    let display = try Display(name: xvfb.display)
    let window = try WaterfallWindow(
        display: display, collectionView: CollectionView(),
        configuration: .init(
            title: "Waterfall", size: Size(width: 120, height: 100),
            statusBar: .testBar()))
    try window.runUntilFirstFrame()
    return window
}

/// A KeyPress of `c` with Control on `window` at `time`, as the server would report it.
func controlCKeyPress(on window: WaterfallWindow, from requestor: SelectionRequestor, at time: Time) -> XEvent {
    var event = XEvent()
    event.xkey = XKeyEvent(
        type: KeyPress, serial: 0, send_event: 1, display: requestor.display.handle, window: window.windowID,
        root: requestor.display.root, subwindow: 0, time: time, x: 5, y: 5, x_root: 5, y_root: 5,
        state: UInt32(ControlMask), keycode: UInt32(XKeysymToKeycode(requestor.display.handle, KeySym(XK_c))),
        same_screen: 1)
    return event
}
