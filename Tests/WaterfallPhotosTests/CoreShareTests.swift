import Foundation
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

/// The cores the process may run on, as `nproc` (coreutils, which reads the same affinity) counts them.
struct AvailableCoresTests {
    @Test func theCountIsNprocs() throws {
        let nproc = Process()
        nproc.executableURL = URL(fileURLWithPath: "/usr/bin/nproc")
        let output = Pipe()
        nproc.standardOutput = output
        try nproc.run()
        nproc.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(AvailableCores.count == Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(ThumbnailPool.defaultWorkerCount == max(2, AvailableCores.count))
    }
}
