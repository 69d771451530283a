extension HeaderBytes {
    /// What a DNG's preview (its IFD0's strip) holds.
    public enum DNGPreview {
        /// A JPEG file's bytes (Compression 7, PhotometricInterpretation YCbCr, as DNG previews are).
        case jpeg([UInt8])
        /// Interleaved 8-bit RGB pixels (Compression 1, PhotometricInterpretation RGB): a bitmap preview.
        case rgb([UInt8])
    }

    /// A minimal DNG 1.4 file, little-endian, as cameras and Adobe's converter lay one out: IFD0 is the preview
    /// (NewSubfileType 1, `previewWidth` × `previewHeight`, `preview` as its one strip), with DNGVersion 1.4.0.0,
    /// DNGBackwardVersion 1.1.0.0, Make, Model, UniqueCameraModel, Orientation (`orientation`), ColorMatrix1 (the
    /// identity), CalibrationIlluminant1 (D65) and a SubIFDs entry pointing at the raw image's IFD: NewSubfileType 0, a
    /// `rawWidth` × `rawHeight` 16-bit uncompressed CFA (PhotometricInterpretation 32803, CFARepeatPatternDim 2 2,
    /// CFAPattern RGGB) of mid grey, BlackLevel 0 and WhiteLevel 4095. libraw (0.20) opens it, `exiftool` names it a
    /// DNG. The IFDs come first, then the preview's strip, then the sensor data.
    ///
    /// libraw wants a sensor of at least 22 pixels a side; the preview's declared size is free, so a test can declare
    /// a bomb over a small strip.
    public static func dngFile(
        preview: DNGPreview, previewWidth: Int, previewHeight: Int, orientation: Int = 1,
        rawWidth: Int = 32, rawHeight: Int = 24, make: String = "Waterfall",
        model: String = "Test DNG"
    ) -> [UInt8] {
        let sensor = (0..<(rawWidth * rawHeight)).flatMap { _ in le16(2048) }
        let strip: [UInt8]
        let (compression, photometric): (Int, Int)
        switch preview {
        case .jpeg(let bytes): (strip, compression, photometric) = (bytes, 7, 6)
        case .rgb(let bytes): (strip, compression, photometric) = (bytes, 1, 2)
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }
        func shorts(_ values: Int...) -> [UInt8] { values.flatMap(le16) }
        func longs(_ values: Int...) -> [UInt8] { values.flatMap(le32) }
        let identity = [1, 0, 0, 0, 1, 0, 0, 0, 1].flatMap { le32($0) + le32(1) }  // SRATIONAL n/1
        func previewEntries(_ stripOffset: Int, _ rawIFD: Int) -> [TIFFIFD.Entry] {
            [
                (254, 4, 1, longs(1)), (256, 4, 1, longs(previewWidth)), (257, 4, 1, longs(previewHeight)),
                (258, 3, 3, shorts(8, 8, 8)), (259, 3, 1, shorts(compression)), (262, 3, 1, shorts(photometric)),
                (271, 2, make.utf8.count + 1, ascii(make)), (272, 2, model.utf8.count + 1, ascii(model)),
                (273, 4, 1, longs(stripOffset)), (274, 3, 1, shorts(orientation)), (277, 3, 1, shorts(3)),
                (278, 4, 1, longs(previewHeight)), (279, 4, 1, longs(strip.count)), (330, 4, 1, longs(rawIFD)),
                (0xC612, 1, 4, [1, 4, 0, 0]), (0xC613, 1, 4, [1, 1, 0, 0]),
                (0xC614, 2, make.utf8.count + model.utf8.count + 2, ascii(make + " " + model)),
                (0xC621, 10, 9, identity), (0xC65A, 3, 1, shorts(21)),
            ]
        }
        func rawEntries(_ stripOffset: Int) -> [TIFFIFD.Entry] {
            [
                (254, 4, 1, longs(0)), (256, 4, 1, longs(rawWidth)), (257, 4, 1, longs(rawHeight)),
                (258, 3, 1, shorts(16)),
                (259, 3, 1, shorts(1)), (262, 3, 1, shorts(32803)), (273, 4, 1, longs(stripOffset)),
                (277, 3, 1, shorts(1)),
                (278, 4, 1, longs(rawHeight)), (279, 4, 1, longs(sensor.count)), (284, 3, 1, shorts(1)),
                (33421, 3, 2, shorts(2, 2)), (33422, 1, 4, [0, 1, 1, 2]), (50714, 4, 1, longs(0)),
                (50717, 4, 1, longs(4095)),
            ]
        }
        let rawIFDStart = 8 + TIFFIFD.size(of: previewEntries(0, 0))
        let previewStart = rawIFDStart + TIFFIFD.size(of: rawEntries(0))
        let sensorStart = previewStart + strip.count
        return Array("II".utf8) + le16(42) + le32(8)
            + TIFFIFD.bytes(previewEntries(previewStart, rawIFDStart), at: 8)
            + TIFFIFD.bytes(rawEntries(sensorStart), at: rawIFDStart)
            + strip + sensor
    }
}

/// A little-endian TIFF IFD laid out with its long values after it: the entries sorted by tag, the next-IFD link 0.
enum TIFFIFD {
    /// An entry: its tag, type, count and value's bytes.
    typealias Entry = (tag: Int, type: Int, count: Int, value: [UInt8])

    /// How many bytes the IFD of `entries` takes with its values.
    static func size(of entries: [Entry]) -> Int { bytes(entries, at: 0).count }

    /// The IFD of `entries` placed at `offset` in the file, its values longer than 4 bytes after it (each at an even
    /// offset).
    static func bytes(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var ifd = HeaderBytes.le16(sorted.count)
        var values: [UInt8] = []
        let valuesStart = offset + 2 + 12 * sorted.count + 4
        for entry in sorted {
            ifd += HeaderBytes.le16(entry.tag) + HeaderBytes.le16(entry.type) + HeaderBytes.le32(entry.count)
            if entry.value.count <= 4 {
                ifd += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                ifd += HeaderBytes.le32(valuesStart + values.count)
                values += entry.value
                if values.count % 2 == 1 { values.append(0) }
            }
        }
        return ifd + HeaderBytes.le32(0) + values
    }
}
