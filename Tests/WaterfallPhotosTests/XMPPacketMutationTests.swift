import Foundation
import Testing

@testable import WaterfallPhotos

/// The XMP scanner and editor fed thousands of mutations of a darktable sidecar (bytes changed, cut out or inserted,
/// chosen by a fixed linear congruential sequence): each either reads, and then an edit of its rating and
/// orientation stays well-formed and reads back (`PhotoSidecar.exercise`'s checks, which trap otherwise), or is
/// refused; nothing crashes.
struct XMPPacketMutationTests {
    @Test func mutatedSidecarsAreReadOrRefusedAndEditsReadBack() {
        let original = Array(SidecarWritingTests.darktableSidecar(rating: "2").utf8)
        #expect(PhotoSidecar.exercise(original) == PhotoMarks(rating: 2))
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let specials = Array("<>/=\"': &;?!-[]x".utf8)
        var (read, refused) = (0, 0)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + next(4)) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes[at] = next(2) == 0 ? specials[next(specials.count)] : UInt8(next(256))
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + next(40)))
                default: bytes.insert(specials[next(specials.count)], at: at)
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            if (try? XMPPacket(bytes)) != nil { read += 1 } else { refused += 1 }
            _ = PhotoSidecar.exercise(bytes)
        }
        // Both kinds are many: the mutations reach the scanner's errors and its successes alike.
        #expect(read > 300)
        #expect(refused > 300)
    }
}
