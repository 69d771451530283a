// A program that embeds a Waterfall window as a host program does, for EmbeddingHostTests: it keeps X error
// handlers and a connection of its own, and decides itself what a lost server means (a message naming the display,
// and status 3). It ignores SIGPIPE, as many programs do: a write to a server that went away then fails instead of
// killing it, whenever the test stops the server.
//
//     embedding-host run        a window in `run()`; "presented" on stdout after its first frame
//     embedding-host loop       the same window in the host's own `poll` loop (`processPendingEvents()`)
//     embedding-host chain      the host's X error handler, set first, hears the errors of its own connection
//     embedding-host io-chain   the host's IO error handler, set first, hears the loss of its own connection only
import CX11
import Glibc
import Synchronization
import Waterfall
import WaterfallX11

/// Writes `line` and a newline to file descriptor `descriptor` in one `write` (unbuffered: the test reads as it goes).
func say(_ line: String, to descriptor: Int32 = 1) {
    var bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
}

/// `display`'s name, as Xlib has it.
func name(of display: OpaquePointer?) -> String {
    display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
}

/// The host's X error handler, installed before any Waterfall display: it prints each error it hears.
func hostErrorHandler(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let event else { return 0 }
    let resource = String(event.pointee.resourceid, radix: 16)
    say(
        "host error handler: error \(event.pointee.error_code), request \(event.pointee.request_code), resource 0x\(resource)"
    )
    return 0
}

/// The host's IO error handler, installed before any Waterfall display.
func hostIOErrorHandler(_ display: OpaquePointer?) -> Int32 {
    say("host IO error handler: \(name(of: display))")
    return 0
}

/// The IO error exit handler of the host's own connection: it returns, so the host goes on.
func hostIOErrorExitHandler(_ display: OpaquePointer?, _ userData: UnsafeMutableRawPointer?) {
    say("host exit handler: \(name(of: display))")
}

/// Cells of one plain colour.
final class Cards: CollectionViewDataSource {
    func numberOfItems(inSection section: Int) -> Int { 50 }
    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? { 40 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "card")
    }
}

/// Says "presented" after the window's first frame.
final class FirstFrame: WaterfallWindowObserver {
    var presented = false
    func windowDidPresentFirstFrame(_ window: WaterfallWindow) {
        presented = true
        say("presented")
    }
}

/// How many protocol errors Waterfall's handler heard.
final class ErrorCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// A window of cards on `display`, each frame synchronised, its first frame told to `firstFrame`; `cards` is its data.
@MainActor
func makeWindow(on display: Display, cards: Cards, firstFrame: FirstFrame) throws -> WaterfallWindow {
    let view = CollectionView(layout: CollectionLayout(columnCount: 2), columnPolicy: .fixed(2))
    view.register(forCellWithReuseIdentifier: "card") { CollectionViewCell(reuseIdentifier: "card") }
    view.dataSource = cards
    let window = try WaterfallWindow(
        display: display, collectionView: view,
        configuration: .init(title: "Host", size: Size(width: 200, height: 200)))
    window.syncsAfterEachFrame = true
    window.observer = firstFrame
    return window
}

/// The host's own loop: `poll` on the display's descriptors until the next timer, then a turn, until `done`.
func pump(_ display: Display, until done: () -> Bool) throws {
    while !done() {
        var descriptors = display.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let timeout = display.timeUntilNextTimer.map { Int32(min(1000, ($0 * 1000).rounded(.up))) } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        try display.processPendingEvents()
    }
}

/// The window in `run()` (or the host's loop) until the server goes away.
@MainActor
func runUntilTheServerGoes(hostLoop: Bool) throws {
    let (cards, firstFrame) = (Cards(), FirstFrame())
    let display = try Display()
    let window = try makeWindow(on: display, cards: cards, firstFrame: firstFrame)
    if hostLoop {
        try pump(display) { false }
    } else {
        _ = try window.run()
    }
}

/// The host's handler hears the BadWindow of a window of its own connection; Waterfall's errors go Waterfall's way.
@MainActor
func chainProtocolErrors() throws {
    XSetErrorHandler(hostErrorHandler)
    let (cards, firstFrame) = (Cards(), FirstFrame())
    let display = try Display()
    let window = try makeWindow(on: display, cards: cards, firstFrame: firstFrame)
    try pump(display) { firstFrame.presented }
    guard let own = XOpenDisplay(nil) else { throw X11Error.cannotOpenDisplay(name: display.name) }
    let ownWindow = XCreateSimpleWindow(own, XDefaultRootWindow(own), 0, 0, 10, 10, 0, 0, 0)
    say("own window 0x\(String(ownWindow, radix: 16)), Waterfall's window 0x\(String(window.windowID, radix: 16))")
    XDestroyWindow(own, ownWindow)
    XMapWindow(own, ownWindow)  // BadWindow (3) of MapWindow (8), on the host's connection
    XSync(own, 0)
    // Waterfall's window destroyed behind its back: its two title properties (ChangeProperty, 18) are refused.
    XDestroyWindow(own, window.windowID)
    XSync(own, 0)
    let heard = ErrorCount()
    X11ErrorHandler.set { error in
        heard.add()
        X11ErrorHandler.printOnStandardError(error)
    }
    window.title = "Gone"
    try pump(display) { heard.value == 2 }
    say("done")
}

/// The host's IO error handler hears the loss of its own connection, not of Waterfall's; its exit handler returns.
@MainActor
func chainConnectionLoss() throws {
    XSetIOErrorHandler(hostIOErrorHandler)
    let (cards, firstFrame) = (Cards(), FirstFrame())
    let display = try Display()
    guard let own = XOpenDisplay(nil) else { throw X11Error.cannotOpenDisplay(name: display.name) }
    XSetIOErrorExitHandler(own, hostIOErrorExitHandler, nil)
    let window = try makeWindow(on: display, cards: cards, firstFrame: firstFrame)
    do {
        _ = try window.run()
    } catch {
        XSync(own, 0)  // the host's own connection finds the server gone too
        throw error
    }
}

signal(SIGPIPE, SIG_IGN)
do {
    switch CommandLine.arguments.dropFirst().first {
    case "run": try runUntilTheServerGoes(hostLoop: false)
    case "loop": try runUntilTheServerGoes(hostLoop: true)
    case "chain": try chainProtocolErrors()
    case "io-chain": try chainConnectionLoss()
    default:
        say("usage: embedding-host run|loop|chain|io-chain", to: 2)
        exit(64)
    }
} catch let error as X11Error {
    if case .connectionLost = error {
        say("embedding-host: \(error)", to: 2)
        exit(3)  // this program's own status for a server that went away
    }
    say("embedding-host: \(error)", to: 2)
    exit(1)
} catch {
    say("embedding-host: \(error)", to: 2)
    exit(1)
}
