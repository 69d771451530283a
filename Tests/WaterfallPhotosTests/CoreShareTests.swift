import Testing

@testable import WaterfallPhotos

/// The cores shared among the decodes running at once.
struct CoreShareTests {
    @Test func aDecodeAloneHasEveryCoreAndEachOfSeveralItsShare() {
        let share = CoreShare(cores: 4)
        let threads = share.run { alone in
            share.run { second in
                share.run { third in
                    share.run { fourth in share.run { fifth in [alone, second, third, fourth, fifth] } }
                }
            }
        }
        #expect(threads == [4, 2, 1, 1, 1])
        // Each left the count as it ended: alone again, it has every core.
        #expect(share.run { $0 } == 4)
        #expect(CoreShare(cores: 0).run { $0 } == 1)
    }
}
