import Foundation
import Synchronization
import Testing

@testable import WaterfallPhotoWall

@Suite struct WakeRelayTests {
    /// The walk's thread wakes the window once a batch, a million photos' worth of times: each wake reaches the
    /// window's signal from the same depth of the stack, so a wake costs the same at the last batch as at the first.
    @Test func everyWakeReachesTheWindowThroughTheSameCalls() {
        let relay = WakeRelay()
        relay.wake()  // before the wall is shown: dropped
        let depths = Mutex<[Int]>([])
        relay.wake(with: { depths.withLock { $0.append(Thread.callStackReturnAddresses.count) } })
        for _ in 0..<100 { relay.wake() }
        let heard = depths.withLock { $0 }
        #expect(heard.count == 100)
        #expect(Set(heard).count == 1, "stack depths \(heard.prefix(5))…")
    }
}
