extension HeaderBytes {
    /// A whole TIFF file of `width` × `height` pixels of the one colour `rgb` (8-bit RGB, uncompressed, one strip), its
    /// IFD0 before its pixels: ImageWidth and ImageLength (LONG), BitsPerSample, Compression (`compression`, 1 is
    /// none), PhotometricInterpretation (RGB), StripOffsets, Orientation (`orientation`), SamplesPerPixel,
    /// RowsPerStrip and StripByteCounts. A classic TIFF, or a BigTIFF when `big`; `pixels: false` leaves the strip
    /// out (a header declaring a size no test should allocate).
    public static func tiffFile(
        width: Int, height: Int, orientation: Int = 1, littleEndian: Bool = true, big: Bool = false,
        compression: Int = 1, rgb: [UInt8] = [255, 0, 0], pixels: Bool = true
    ) -> [UInt8] {
        let u16 = littleEndian ? le16 : be16
        let u32 = littleEndian ? le32 : be32
        func u64(_ value: Int) -> [UInt8] { littleEndian ? u32(value) + [0, 0, 0, 0] : [0, 0, 0, 0] + u32(value) }
        // A value field: 4 bytes, 8 in a BigTIFF; the value left-justified in it.
        func field(_ value: [UInt8]) -> [UInt8] { value + [UInt8](repeating: 0, count: (big ? 8 : 4) - value.count) }
        let entryCount = 10
        let headerSize = big ? 16 : 8
        let ifdSize = big ? 8 + 20 * entryCount + 8 : 2 + 12 * entryCount + 4
        let bitsOffset = headerSize + ifdSize  // BitsPerSample's three SHORTs do not fit a classic value field
        let stripOffset = bitsOffset + (big ? 0 : 6)
        let stripSize = width * height * 3
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + (big ? u64(count) : u32(count)) + field(value)
        }
        var bytes: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        bytes += big ? u16(43) + u16(8) + u16(0) + u64(16) : u16(42) + u32(8)
        bytes += big ? u64(entryCount) : u16(entryCount)
        bytes += entry(256, 4, 1, u32(width))
        bytes += entry(257, 4, 1, u32(height))
        bytes += entry(258, 3, 3, big ? u16(8) + u16(8) + u16(8) : u32(bitsOffset))
        bytes += entry(259, 3, 1, u16(compression))
        bytes += entry(262, 3, 1, u16(2))
        bytes += entry(273, 4, 1, u32(stripOffset))
        bytes += entry(274, 3, 1, u16(orientation))
        bytes += entry(277, 3, 1, u16(3))
        bytes += entry(278, 4, 1, u32(height))
        bytes += entry(279, 4, 1, u32(stripSize))
        bytes += big ? u64(0) : u32(0)  // no next IFD
        if !big { bytes += u16(8) + u16(8) + u16(8) }
        if pixels {
            bytes.reserveCapacity(bytes.count + stripSize)
            for _ in 0..<(width * height) { bytes += rgb }
        }
        return bytes
    }
}
