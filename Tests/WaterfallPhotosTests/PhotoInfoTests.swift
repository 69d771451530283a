import PhotoTestSupport
import Testing

@testable import WaterfallPhotos

/// The photo information read from EXIF: exiftool's tags read back exactly from JPEG, PNG and WebP in either byte
/// order, the text people read, and hostile blocks that give no information instead of a crash or a hang.
struct PhotoInfoTests {
    /// What `GeneratedImages.cameraTags` reads as.
    static let cameraInfo: PhotoInfo = {
        var info = PhotoInfo()
        info.dateTaken = "2024:05:01 12:30:45"
        info.make = "Canon"
        info.model = "Canon EOS 5D"
        info.lens = "EF50mm f/1.8 II"
        info.exposureTime = ExifRational(numerator: 1, denominator: 250)
        info.fNumber = 2.8
        info.iso = 400
        info.focalLength = 50
        info.focalLength35mm = 75
        return info
    }()

    @Test(arguments: ["jpg", "png", "webp"], ["II", "MM"])
    func exiftoolsTagsReadBackExactly(format: String, byteOrder: String) throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "64x48", "xc:#3366AA", "photo.\(format)"])
        try images.exiftool("photo.\(format)", ["-ExifByteOrder=\(byteOrder)"] + GeneratedImages.cameraTags)
        var info = try PhotoFile.readInfo(path: images.file("photo.\(format)"))
        let position = try #require(info.position)
        info.position = nil
        #expect(info == Self.cameraInfo)
        // exiftool writes 48° 51' 30.132" and 2° 17' 40.1316": back to six decimals, as the text shows them.
        #expect(abs(position.latitude - 48.85837) < 1e-7)
        #expect(abs(position.longitude - 2.294481) < 1e-7)
        #expect(position.altitude == 35)
        info.position = position
        #expect(info.positionText == "48.858370° N, 2.294481° E, 35 m")
        #expect(info.camera == "Canon EOS 5D")
        #expect(info.exposureLine == "1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in 35 mm)")
        #expect(info.summary == "1/250 s · f/2.8 · ISO 400")
        #expect(info.dateTakenComponents == DateTaken(exif: "2024:05:01 12:30:45"))
        #expect(info.dateTakenComponents?.text == "2024-05-01 12:30:45")
        #expect(
            info.dateTakenComponents.map { [$0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second] } == [
                2024, 5, 1, 12, 30, 45,
            ])
        // The walk's header reads the same EXIF's date, and the info's reading leaves the header's as it was.
        #expect(try PhotoFile.readHeader(path: images.file("photo.\(format)")).dateTaken == "2024:05:01 12:30:45")
        // The walk keeps the camera, lens and exposure, for the library index.
        let walked = PhotoWalker(paths: [images.folder.path]).walkAll().folders.flatMap(\.photos)
        let photo = try #require(walked.first { $0.name == "photo.\(format)" })
        #expect(
            photo.header?.shot
                == ShotDetails(
                    camera: "Canon EOS 5D", lens: "EF50mm f/1.8 II",
                    exposure: "1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in 35 mm)"))
    }

    @Test func southWestBelowSeaLevelAndTheDateOfIFD0() throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "16x16", "xc:gray", "dead-sea.jpg"])
        try images.exiftool(
            "dead-sea.jpg",
            [
                "-ModifyDate=2023:12:24 08:05:09", "-Model=iPhone 13", "-ExposureTime=2.5",
                "-GPSLatitude=33.5", "-GPSLatitudeRef=S", "-GPSLongitude=70.25", "-GPSLongitudeRef=W",
                "-GPSAltitude=430", "-GPSAltitudeRef#=1",
            ])
        let info = try PhotoFile.readInfo(path: images.file("dead-sea.jpg"))
        #expect(info.dateTaken == "2023:12:24 08:05:09")  // no DateTimeOriginal: IFD0's DateTime
        #expect(info.make == nil)
        #expect(info.camera == "iPhone 13")
        #expect(info.exposureText == "2.5 s")
        #expect(info.exposureLine == "2.5 s")
        #expect(info.positionText == "33.500000° S, 70.250000° W, -430 m")
        #expect(info.summary == "2.5 s")
    }

    @Test func aPhotoWithoutExifHasNoInfo() throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "16x16", "xc:white", "plain.jpg"])
        let info = try PhotoFile.readInfo(path: images.file("plain.jpg"))
        #expect(info.isEmpty)
        #expect(info.summary == nil && info.exposureLine == nil && info.camera == nil && info.positionText == nil)
        #expect(try PhotoInfo(fileBytes: HeaderBytes.jpeg(width: 4, height: 4)).isEmpty)
        #expect(throws: PhotoError.notAnImage) { try PhotoInfo(fileBytes: Array("not a photo".utf8)) }
    }

    @Test func theTextsAsExiftoolAndDarktableShowThem() {
        var info = PhotoInfo()
        info.make = "NIKON CORPORATION"
        info.model = "NIKON D750"
        #expect(info.camera == "NIKON D750")
        info.make = "FUJIFILM"
        info.model = "X-T3"
        #expect(info.camera == "FUJIFILM X-T3")
        info.model = nil
        #expect(info.camera == "FUJIFILM")
        info.exposureTime = ExifRational(numerator: 10, denominator: 2500)
        #expect(info.exposureText == "1/250 s")
        info.exposureTime = ExifRational(numerator: 1, denominator: 4)
        #expect(info.exposureText == "1/4 s")
        info.exposureTime = ExifRational(numerator: 1, denominator: 3)
        #expect(info.exposureText == "0.3 s")  // beyond a quarter second, in decimals, as exiftool prints it
        info.exposureTime = ExifRational(numerator: 1, denominator: 2)
        #expect(info.exposureText == "0.5 s")
        info.exposureTime = ExifRational(numerator: 30, denominator: 1)
        #expect(info.exposureText == "30 s")
        info.fNumber = 11
        info.focalLength = 23.5
        #expect(info.exposureLine == "30 s · f/11 · 23.5 mm")
        #expect(info.summary == "30 s · f/11")
        #expect(DateTaken(exif: "2024:13:01 12:00:00") == nil)
        #expect(DateTaken(exif: "    :  :     :  :  ") == nil)
    }

    @Test(arguments: [true, false])
    func handBuiltBlocksReadInEitherByteOrder(littleEndian: Bool) {
        let tiff = TIFFBytes(littleEndian: littleEndian)
        // IFD0: Make (ASCII at 100), the Exif IFD at 60 with ISO and FNumber (RATIONAL at 120).
        var bytes = tiff.header(ifd0: 8)
        bytes += tiff.ifd([(0x010F, 2, 6, 100), (0x8769, 4, 1, 60)])
        bytes += Array(repeating: 0, count: 60 - bytes.count)
        bytes += tiff.ifd([(0x8827, 3, 1, tiff.short(200)), (0x829D, 5, 1, 120)])
        bytes += Array(repeating: 0, count: 100 - bytes.count) + Array("Leica\0".utf8)
        bytes += Array(repeating: 0, count: 120 - bytes.count) + tiff.u32(56) + tiff.u32(10)
        let info = PhotoInfo(exif: bytes[...])
        #expect(info.make == "Leica" && info.iso == 200 && info.fNumber == 5.6)
        #expect(info.summary == "f/5.6 · ISO 200")
    }

    @Test func hostileBlocksGiveNoInfoAndNeverHang() {
        let tiff = TIFFBytes(littleEndian: true)
        // The Exif and GPS pointers lead back to IFD0 itself: read once each, no loop; IFD0 has no exif tags.
        var loop =
            tiff.header(ifd0: 8) + tiff.ifd([(0x010F, 2, 4, tiff.text("Sony")), (0x8769, 4, 1, 8), (0x8825, 4, 1, 8)])
        #expect(
            PhotoInfo(exif: loop[...])
                == {
                    var info = PhotoInfo()
                    info.make = "Sony"
                    return info
                }())
        loop[4] = 0xFF  // IFD0 past the end
        #expect(PhotoInfo(exif: loop[...]).isEmpty)
        // Counts of billions, offsets out of range, an IFD of 65,535 entries of which one is there, a zero denominator.
        var huge = tiff.header(ifd0: 8) + tiff.u16(0xFFFF)
        huge += tiff.entry(0x010F, 2, 0xFFFF_FFFF, 8)  // Make: 4 GB of text
        huge += tiff.entry(0x0110, 2, 20, 0x7FFF_FFF0)  // Model: far past the end
        huge += tiff.entry(0x8825, 4, 1, 0xFFFF_FFFF)  // GPS IFD: past the end
        huge += tiff.entry(0x8769, 4, 1, 8 + 2 + 12 * 3 + 12)  // the Exif IFD, right after
        huge += tiff.ifd([(0x829A, 5, 1, 200), (0x8827, 3, 0xFFFF_FFFF, 0)])
        #expect(PhotoInfo(exif: huge[...]).isEmpty)
        #expect(PhotoInfo(exif: [0x49, 0x49, 42][...]).isEmpty)
        #expect(PhotoInfo(exif: [0x49, 0x49, 43, 0, 8, 0, 0, 0][...]).isEmpty)
        #expect(PhotoInfo(exif: [][...]).isEmpty)
        // A GPS position of a zero denominator, and one of 400 degrees: none.
        for degrees in [(1, 0), (400, 1)] {
            var gps = tiff.header(ifd0: 8) + tiff.ifd([(0x8825, 4, 1, 26)])
            gps += tiff.ifd([(0x0002, 5, 3, 80), (0x0004, 5, 3, 80)])
            gps += Array(repeating: 0, count: 80 - gps.count)
            gps += tiff.u32(degrees.0) + tiff.u32(degrees.1) + tiff.u32(0) + tiff.u32(1) + tiff.u32(0) + tiff.u32(1)
            #expect(PhotoInfo(exif: gps[...]).position == nil)
        }
    }
}

/// TIFF bytes built by hand in one byte order.
struct TIFFBytes {
    var littleEndian: Bool

    func u16(_ value: Int) -> [UInt8] { littleEndian ? HeaderBytes.le16(value) : HeaderBytes.be16(value) }
    func u32(_ value: Int) -> [UInt8] { littleEndian ? HeaderBytes.le32(value) : HeaderBytes.be32(value) }
    /// A SHORT in a value field, left-justified, as the field's number.
    func short(_ value: Int) -> Int { littleEndian ? value : value << 16 }
    /// Up to 4 letters in a value field, as the field's number.
    func text(_ value: String) -> Int {
        let bytes = (Array(value.utf8.prefix(4)) + [0, 0, 0, 0]).prefix(4)
        let ordered = littleEndian ? Array(bytes.reversed()) : Array(bytes)
        return ordered.reduce(0) { $0 << 8 | Int($1) }
    }
    func header(ifd0: Int) -> [UInt8] { (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(ifd0) }
    func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
        u16(tag) + u16(type) + u32(count) + u32(value)
    }
    /// An IFD of `entries` (tag, type, count, value field), then no next IFD.
    func ifd(_ entries: [(Int, Int, Int, Int)]) -> [UInt8] {
        u16(entries.count) + entries.flatMap { entry($0.0, $0.1, $0.2, $0.3) } + u32(0)
    }
}
