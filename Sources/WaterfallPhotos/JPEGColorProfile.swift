/// A JPEG's embedded ICC profile: the `ICC_PROFILE` APP2 segments before the image data, each a numbered chunk of
/// the profile (a profile larger than a segment's 64 KB is split over several), joined in their numbers' order, as
/// libjpeg's `jpeg_read_icc_profile` joins them (TurboJPEG 2.1's API has no way to ask for it).
enum JPEGColorProfile {
    /// The profile of the JPEG file `bytes`, or `nil` when it has none, or its chunks are missing, repeated or
    /// numbered inconsistently.
    static func read(_ bytes: UnsafeRawBufferPointer) -> ColorProfile? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: ArraySlice<UInt8>] = [:]
        var declaredCount: Int?
        var offset = 2  // SOI
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // a fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }  // the image data: no profile comes after it
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let body = offset + 4
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xE2, end - body > signature.count + 2,
                bytes[body..<(body + signature.count)].elementsEqual(signature)
            {
                let number = Int(bytes[body + signature.count])
                let count = Int(bytes[body + signature.count + 1])
                guard number >= 1, number <= count, declaredCount == nil || declaredCount == count,
                    chunks[number] == nil
                else { return nil }
                declaredCount = count
                chunks[number] = ArraySlice(bytes[(body + signature.count + 2)..<end])
            }
            offset = end
        }
        guard let declaredCount, chunks.count == declaredCount else { return nil }
        return ColorProfile(bytes: (1...declaredCount).flatMap { chunks[$0] ?? [] })
    }
}
