import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@_spi(Benchmarking) @testable import WaterfallPhotos

/// Camera RAW files through libraw: minimal DNGs built by the tests (`HeaderBytes.dngFile`, previews ImageMagick
/// makes), told by their content or a TIFF-based RAW's name, the header the upright preview's size before a pixel is
/// decoded, the thumbnail the preview's colour turned once by the RAW's orientation, and the files that cannot be
/// shown refused with their named reason.
struct RAWTests {
    func bytes(of path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Whether `pixel` (0xRRGGBB) is within `tolerance` of `expected` in each channel.
    func near(_ pixel: UInt32, _ expected: UInt32, tolerance: Int = 12) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(pixel >> $0 & 0xFF) - Int(expected >> $0 & 0xFF)) <= tolerance }
    }

    /// What `tool` prints with `arguments` (stdout, then stderr); fails, never skips, without it.
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let printed = try TestTool.run([tool] + arguments)
        return printed.output + printed.errors
    }

    @Test func theFormatIsToldByItsSignature() {
        let tiff = Array("II*\0".utf8) + [8, 0, 0, 0]
        #expect(ImageFormat(magic: tiff + Array("CR".utf8) + [2, 0]) == .raw)  // Canon CR2
        #expect(ImageFormat(magic: tiff + [0, 0, 0, 0]) == .tiff)
        #expect(ImageFormat(magic: Array("IIRO".utf8) + [8, 0, 0, 0]) == .raw)  // Olympus ORF
        #expect(ImageFormat(magic: Array("IIRS".utf8) + [8, 0, 0, 0]) == .raw)
        #expect(ImageFormat(magic: Array("MMOR".utf8) + [0, 0, 0, 8]) == .raw)
        #expect(ImageFormat(magic: Array("IIU\0".utf8) + [8, 0, 0, 0]) == .raw)  // Panasonic RW2
        #expect(ImageFormat(magic: Array("FUJIFILMCCD-RAW 0201".utf8)) == .raw)  // Fujifilm RAF
        #expect(
            ImageFormat(magic: HeaderBytes.be32(24) + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8))
                == .raw)
        #expect(ImageFormat.raw.mimeType == "image/x-dcraw")
        #expect(
            ImageFormat.raw.mimeTypes == [
                "image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-nikon-nef",
                "image/x-sony-arw", "image/x-olympus-orf", "image/x-panasonic-rw2", "image/x-fuji-raf",
            ])
        #expect(ImageFormat.jpeg.mimeTypes == ["image/jpeg"])
    }

    @Test func theBuiltDNGIsADNGToExiftoolAndLibraw() throws {
        let images = try GeneratedImages()
        let dng = try images.dng("test.dng", previewWidth: 64, previewHeight: 48, color: "#C03020", orientation: 6)
        #expect(try run("exiftool", ["-s3", "-FileType", "-DNGVersion", "-Orientation#", dng]) == "DNG\n1.4.0.0\n6\n")
        let identify = try run("raw-identify", ["-v", dng])
        #expect(identify.contains("Camera: Waterfall Test DNG"), "\(identify)")
        #expect(identify.contains("Thumb size:    64 x 48") && identify.contains("Image flip: 6"), "\(identify)")
    }

    @Test func theHeaderIsThePreviewsSizeWithTheRAWsOrientation() throws {
        let images = try GeneratedImages()
        for (orientation, expected) in [(1, ExifOrientation.up), (3, .down), (6, .right), (8, .left)] {
            let dng = try images.dng(
                "o\(orientation).dng", previewWidth: 64, previewHeight: 48, color: "red", orientation: orientation)
            let header = ImageHeader(format: .raw, width: 64, height: 48, orientation: expected)
            #expect(try PhotoFile.readHeader(path: FilePath(dng)) == header)
            #expect(try ImageHeader.read(bytes(of: dng)) == header)
        }
        #expect(try PhotoFile.readHeader(path: FilePath(images.path("o6.dng"))).orientedSize == (48, 64))
        // A DNG is told by its DNGVersion tag whatever its name; a TIFF named .tif stays a TIFF.
        try FileManager.default.moveItem(atPath: images.path("o8.dng"), toPath: images.path("o8.tif"))
        #expect(
            try PhotoFile.readHeader(path: images.file("o8.tif"))
                == ImageHeader(format: .raw, width: 64, height: 48, orientation: .left))
        try images.convert(["-size", "40x30", "xc:blue", "plain.tif"])
        #expect(try PhotoFile.readHeader(path: images.file("plain.tif")).format == .tiff)
    }

    @Test func theThumbnailIsThePreviewInItsColour() throws {
        let images = try GeneratedImages()
        let jpeg = try images.dng("jpeg.dng", previewWidth: 64, previewHeight: 48, color: "#C03020")
        let bitmap = try images.dng("bitmap.dng", previewWidth: 64, previewHeight: 48, color: "#C03020", bitmap: true)
        for thumbnail in [
            try BuiltWorker.decoder().thumbnail(ofFile: FilePath(jpeg), width: 32),
            try BuiltWorker.decoder().thumbnail(of: bytes(of: jpeg), width: 32),
        ] {
            #expect(thumbnail.width == 32 && thumbnail.height == 24)
            #expect(thumbnail.pixels.allSatisfy { near($0, 0xC03020) }, "\(String(thumbnail[16, 12], radix: 16))")
        }
        let exact = try BuiltWorker.decoder().thumbnail(ofFile: FilePath(bitmap), width: 64)
        #expect(exact.width == 64 && exact.height == 48 && exact.pixels.allSatisfy { $0 == 0xC03020 })
    }

    @Test func orientationsSixAndEightTurnThePreviewOnce() throws {
        let images = try GeneratedImages()
        // Stored 64 × 32, red on the left and blue on the right.
        let six = try images.dng(
            "six.dng", previewWidth: 64, previewHeight: 32, color: "red", rightHalf: "blue", orientation: 6)
        let eight = try images.dng(
            "eight.dng", previewWidth: 64, previewHeight: 32, color: "red", rightHalf: "blue", orientation: 8)
        let turnedRight = try BuiltWorker.decoder().thumbnail(ofFile: FilePath(six), width: 16)
        #expect(turnedRight.width == 16 && turnedRight.height == 32)
        #expect(near(turnedRight[8, 4], 0xFF0000) && near(turnedRight[8, 28], 0x0000FF))  // the left side on top
        let turnedLeft = try BuiltWorker.decoder().thumbnail(ofFile: FilePath(eight), width: 16)
        #expect(turnedLeft.width == 16 && turnedLeft.height == 32)
        #expect(near(turnedLeft[8, 4], 0x0000FF) && near(turnedLeft[8, 28], 0xFF0000))  // the left side at the bottom
    }

    @Test func thePreviewJPEGsOwnOrientationIsNotAppliedOnTopOfTheRAWs() throws {
        let images = try GeneratedImages()
        // The DNG says upright; its preview JPEG carries EXIF orientation 6 of its own.
        let dng = try images.dng(
            "tagged.dng", previewWidth: 64, previewHeight: 32, color: "red", rightHalf: "blue",
            orientation: 1, jpegOrientation: 6)
        #expect(try PhotoFile.readHeader(path: FilePath(dng)) == ImageHeader(format: .raw, width: 64, height: 32))
        let thumbnail = try BuiltWorker.decoder().thumbnail(ofFile: FilePath(dng), width: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 16)
        #expect(near(thumbnail[4, 8], 0xFF0000) && near(thumbnail[28, 8], 0x0000FF))
    }

    /// A DNG of a 128×96 preview JPEG of noise, cut in the middle of the preview's scan data: libraw opens it, and
    /// the preview ends too soon. With the whole JPEG and how many of its bytes the cut file keeps.
    func dngCutInItsPreview(
        _ images: GeneratedImages
    ) throws -> (path: String, cut: [UInt8], jpeg: [UInt8], kept: Int) {
        let jpeg = try bytes(
            of: images.convert(["-size", "128x96", "-seed", "7", "plasma:", "-quality", "95", "noise.jpg"]))
        let whole = HeaderBytes.dngFile(preview: .jpeg(jpeg), previewWidth: 128, previewHeight: 96)
        let previewStart = whole.firstRange(of: [0xFF, 0xD8, 0xFF])!.lowerBound
        let cut = Array(whole[..<(previewStart + jpeg.count / 2)])
        return (try images.write(cut, to: "in-preview.dng"), cut, jpeg, jpeg.count / 2)
    }

    @Test func aTruncatedRAWIsNamed() throws {
        let images = try GeneratedImages()
        let (inPreview, cut, _, _) = try dngCutInItsPreview(images)
        #expect(
            try PhotoFile.readHeader(path: FilePath(inPreview)) == ImageHeader(format: .raw, width: 128, height: 96))
        #expect(throws: PhotoError.truncated(.raw)) {
            try BuiltWorker.decoder().thumbnail(ofFile: FilePath(inPreview), width: 32)
        }
        #expect(throws: PhotoError.truncated(.raw)) { try BuiltWorker.decoder().thumbnail(of: cut, width: 32) }
        // Cut inside IFD0: libraw cannot read its tags.
        let inIFD = try images.write(Array(cut[..<100]), to: "in-ifd.dng")
        #expect(throws: PhotoError.truncated(.raw)) { try PhotoFile.readHeader(path: FilePath(inIFD)) }
        #expect(PhotoError.truncated(.raw).description == "truncated RAW")
    }

    /// libraw 0.20 reads a preview up to 16 KB past its input's end into memory it does not clear: the heap's old
    /// bytes there (the rest of the same JPEG, once, in a test run) made a cut RAW decode whole, now and then. Here
    /// glibc fills every new allocation with 0xAA meanwhile (M_PERTURB): the bytes the cut file lacks must be zeros.
    @Test(arguments: [false, true])
    func aPreviewCutByTheInputsEndEndsInZerosNotInTheHeapsOldBytes(fromMemory: Bool) throws {
        let images = try GeneratedImages()
        let (path, cut, jpeg, kept) = try dngCutInItsPreview(images)
        let preview = try HeapPerturbation.filling(with: 0xAA) {
            try cut.withUnsafeBytes { cutBytes in
                let file = try fromMemory ? RAWFile(bytes: cutBytes) : RAWFile(file: FilePath(path))
                return try file.withPreview { preview -> [UInt8]? in
                    guard case .jpeg(let bytes) = preview else { return nil }
                    return Array(bytes)
                }
            }
        }
        let bytes = try #require(preview)
        #expect(bytes.count == jpeg.count)
        #expect(Array(bytes.prefix(kept)) == Array(jpeg.prefix(kept)))
        #expect(bytes.dropFirst(kept).allSatisfy { $0 == 0 })
    }

    @Test func aTIFFNamedAsARAWIsASkippedRAW() throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "40x30", "xc:blue", "plain.tif"])
        try FileManager.default.copyItem(atPath: images.path("plain.tif"), toPath: images.path("DSC_0001.nef"))
        // libraw refuses a plain TIFF: not a RAW it knows.
        #expect(throws: PhotoError.unsupportedRAWCamera) { try PhotoFile.readHeader(path: images.file("DSC_0001.nef")) }
        #expect(PhotoError.unsupportedRAWCamera.description == "unsupported RAW camera")
        try images.dng("IMG_0002.dng", previewWidth: 64, previewHeight: 48, color: "red")
        let counts = PhotoWalker(paths: [images.folder.path]).usingBuiltWorker().walkAll().counts
        // the DNG and the TIFF found
        #expect(counts.found == 2 && counts.skipped == 1 && counts.skippedKinds == [.raw: 1])
    }

    @Test func aHugePreviewIsRefusedFromTheHeader() throws {
        let images = try GeneratedImages()
        let jpeg = try bytes(of: images.convert(["-size", "8x8", "xc:red", "small.jpg"]))
        let bomb = HeaderBytes.dngFile(preview: .jpeg(jpeg), previewWidth: 60_000, previewHeight: 60_000)
        let path = try images.write(bomb, to: "bomb.dng")
        #expect(throws: PhotoError.tooLarge(width: 60_000, height: 60_000)) {
            try PhotoFile.readHeader(path: FilePath(path))
        }
        #expect(throws: PhotoError.tooLarge(width: 60_000, height: 60_000)) { try ImageHeader.read(bomb) }
        #expect(throws: PhotoError.tooLarge(width: 60_000, height: 60_000)) {
            try BuiltWorker.decoder().thumbnail(of: bomb, width: 32)
        }
    }

    @Test func aRAWWithoutAPreviewIsNamed() throws {
        let images = try GeneratedImages()
        let jpeg = try bytes(of: images.convert(["-size", "8x8", "xc:red", "small.jpg"]))
        let none = HeaderBytes.dngFile(preview: .jpeg(jpeg), previewWidth: 0, previewHeight: 0)
        #expect(throws: PhotoError.rawHasNoPreview) { try ImageHeader.read(none) }
        #expect(PhotoError.rawHasNoPreview.description == "RAW has no preview")
    }

    @Test func theBenchmarksTwoWaysAreThePreviewAndTheSensorsDevelopment() throws {
        let images = try GeneratedImages()
        let dng = try images.dng("six.dng", previewWidth: 64, previewHeight: 48, color: "red", orientation: 6)
        // The preview 64 × 48 turned upright (48 × 64); the sensor 32 × 24, which libraw develops upright (24 × 32).
        let preview = try RAWThumbnails.preview(ofFile: FilePath(dng), width: 12)
        #expect(preview.width == 12 && preview.height == 16 && preview.pixels.allSatisfy { near($0, 0xFF0000) })
        let developed = try RAWThumbnails.developed(ofFile: FilePath(dng), width: 12)
        #expect(developed.width == 12 && developed.height == 16)
        let upright = try RAWThumbnails.developed(
            ofFile: FilePath(images.dng("up.dng", previewWidth: 64, previewHeight: 48, color: "red")), width: 16)
        #expect(upright.width == 16 && upright.height == 12)
    }
}
