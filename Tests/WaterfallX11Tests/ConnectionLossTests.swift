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
