import Dispatch
import Synchronization
import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// Windows open, draw text and close on connections that come and go, on two threads at once, as a program with a
/// window per thread has them and as this test process runs its tests. Four faults broke such runs: Xft's state
/// used from two threads; libXi's and libXext's lists of displays freed by one thread's close while another
/// thread's first extension call used them (all three now under `ClientLibraryLock`); and a Render record left
/// behind by a closed connection for the next one at the same address (now prevented by
/// `Display.registerRenderBeforeXft`; one thread alone showed it). They showed as requests with made-up opcodes
/// (`BadRequest`, `BadLength`), a hang in `XRenderQueryFormats`, heap corruption and a crash in `XextAddDisplay`.
@Suite
struct ClientLibraryThreadsTests {
    @Test func windowsOnTwoThreadsOpenDrawAndCloseTheirConnectionsWithoutXErrors() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let name = xvfb.display
        let threads = 2
        let rounds = 12
        let errors = Mutex<[String]>([])
        let drawn = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                do {
                    // Each round its own connection, closed at the end of the round, while the other thread draws.
                    let display = try Display(name: name)
                    let configuration = WaterfallWindow.Configuration(
                        title: "Waterfall", size: Size(width: 200, height: 120), scale: 1,
                        fontPattern: "sans-serif:size=\(9 + round % 4)",
                        // Latin, CJK and an emoji: the primary font and two fallbacks, opened now.
                        statusBar: .testBar { "thread \(thread) 瀑布流 東京 😀 round \(round)" })
                    let window = try WaterfallWindow(
                        display: display, collectionView: CollectionView(), configuration: configuration)
                    window.drawFrame()
                    display.sync()
                    let reported = ErrorHandlers.recentErrors(on: display.handle).map(\.description)
                    errors.withLock { $0 += reported }
                    if window.framesPresented == 1 { drawn.withLock { $0 += 1 } }
                } catch {
                    errors.withLock { $0.append("thread \(thread), round \(round): \(error)") }
                }
            }
        }
        #expect(errors.withLock { $0 } == [])
        #expect(drawn.withLock { $0 } == threads * rounds)
    }
}
