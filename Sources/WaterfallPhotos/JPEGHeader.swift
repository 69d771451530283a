/// A JPEG's header: its markers are walked up to the first start of frame (SOF0 to SOF15, not DHT, JPG or DAC),
/// which gives the size; an `Exif` APP1 segment before it gives the orientation and the date taken. Baseline,
/// progressive, lossless and arithmetic frames are all read; which of them decode is the decoder's business.
///
/// The walk follows the segments by their lengths, however far the frame header lies: Photoshop writes megabytes of
/// extended XMP in APP1 segments before it, cameras large ICC profiles (APP2) and MPF previews. A segment is skipped
/// unread but for the first bytes that tell an `Exif` APP1, whose body (at most 64 KB, as every segment) is read on
/// its own.
enum JPEGHeader {
    /// The header, and the EXIF block (the TIFF structure) when there is one.
    static func read(_ reader: inout ByteReader) throws -> (header: ImageHeader, exif: ArraySlice<UInt8>?) {
        try reader.skip(2)  // SOI
        var exif: (orientation: ExifOrientation, dateTaken: String?, shot: ShotDetails?) = (.up, nil, nil)
        var exifBlock: ArraySlice<UInt8>?
        let exifSignature = Array("Exif".utf8) + [0, 0]
        while true {
            var marker = try reader.uint8()
            guard marker == 0xFF else { throw PhotoError.unsupported(.jpeg, "no marker where one belongs") }
            while marker == 0xFF { marker = try reader.uint8() }  // fill bytes
            switch marker {
            case 0xD8, 0x01, 0xD0...0xD7:
                continue  // markers without a length
            case 0xD9, 0xDA:
                throw PhotoError.unsupported(.jpeg, "no frame header before the image data")
            default:
                break
            }
            let length = try reader.uint16BE()
            guard length >= 2 else { throw PhotoError.unsupported(.jpeg, "a segment of length \(length)") }
            var bodyLength = length - 2
            if marker == 0xE1, bodyLength >= exifSignature.count {
                bodyLength -= exifSignature.count
                if try reader.take(exifSignature.count).elementsEqual(exifSignature) {
                    exifBlock = try reader.take(bodyLength)
                    exif = ExifReader.read(exifBlock ?? [])
                    continue
                }
            } else if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                var frame = ByteReader(Array(try reader.take(bodyLength)), format: .jpeg)
                try frame.skip(1)  // sample precision
                let height = try frame.uint16BE()
                let width = try frame.uint16BE()
                var header = ImageHeader(
                    format: .jpeg, width: width, height: height, orientation: exif.orientation,
                    dateTaken: exif.dateTaken)
                header.shot = exif.shot
                return (header, exifBlock)
            }
            try reader.skip(bodyLength)
        }
    }
}
