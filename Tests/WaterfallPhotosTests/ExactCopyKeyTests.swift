import Testing
import WaterfallPhotos

/// Exact copies' keys: the size and the first 8 bytes of the MD5 of the bytes, whole or added in pieces.
struct ExactCopyKeyTests {
    @Test func aKeyIsTheSizeAndTheMD5sFirstEightBytes() {
        // MD5("abc") = 900150983cd24fb0 d6963f7d28e17f72 (RFC 1321's test suite).
        let key = ExactCopyKey(contents: Array("abc".utf8))
        #expect(key == ExactCopyKey(size: 3, contentHash: 0x9001_5098_3CD2_4FB0))
        // MD5("") = d41d8cd98f00b204 e9800998ecf8427e.
        #expect(ExactCopyKey(contents: []) == ExactCopyKey(size: 0, contentHash: 0xD41D_8CD9_8F00_B204))
        var pieces = ExactCopyKey.Digest()
        for piece in ["a", "", "bc"] { Array(piece.utf8).withUnsafeBytes { pieces.add($0) } }
        #expect(pieces.key == key)
        #expect(ExactCopyKey(contents: Array("abd".utf8)) != key)
        // Pieces across MD5's 64-byte blocks.
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var digest = ExactCopyKey.Digest()
        for start in stride(from: 0, to: bytes.count, by: 7) {
            bytes[start..<min(start + 7, bytes.count)].withUnsafeBytes { digest.add($0) }
        }
        #expect(digest.key == ExactCopyKey(contents: bytes) && digest.key.size == 1000)
    }
}
