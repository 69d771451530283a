import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// HEIC and AVIF files made with libheif's `heif-enc` and libavif's `avifenc` from PNGs ImageMagick makes: told by
/// their `ftyp` brands, the size from the container, the colours (within the lossy codecs' tolerance), a stored
/// thumbnail used for a small card only, irot applied before a pixel is decoded, and the files that cannot be shown
/// refused with their reason.
struct HEIFTests {
    func bytes(of path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The 32-bit big-endian number at `offset` in `bytes`.
    func be32(_ bytes: [UInt8], at offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }

    /// Whether `pixel` (0xRRGGBB) is within `tolerance` of `expected` in each channel.
    func near(_ pixel: UInt32, _ expected: UInt32, tolerance: Int = 10) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(pixel >> $0 & 0xFF) - Int(expected >> $0 & 0xFF)) <= tolerance }
    }

    /// An ISO base media file's first box: `ftyp` with `major` and the `compatible` brands, then padding.
    func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        HeaderBytes.be32(16 + 4 * compatible.count) + Array("ftyp\(major)".utf8) + [0, 0, 0, 0]
            + compatible.flatMap { Array($0.utf8) } + Array(repeating: 0, count: 16)
    }

    @Test func theFormatIsToldByTheFtypBrands() {
        #expect(ImageFormat(magic: ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat(magic: ftyp("heix", [])) == .heif)
        #expect(ImageFormat(magic: ftyp("mif1", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat(magic: ftyp("msf1", ["msf1", "hevc"])) == .heif)
        #expect(ImageFormat(magic: ftyp("avif", ["mif1", "avif"])) == .avif)
        #expect(ImageFormat(magic: ftyp("mif1", ["mif1", "miaf", "avif"])) == .avif)
        #expect(ImageFormat(magic: ftyp("msf1", ["msf1", "avis"])) == .avif)
        #expect(ImageFormat(magic: ftyp("isom", ["isom", "mp41"])) == .video)
        #expect(ImageFormat(magic: ftyp("crx ", ["crx "])) == .raw)  // Canon CR3, a RAW (RAWTests)
        #expect(ImageFormat(magic: ftyp("msf1", ["msf1", "iso8"])) == nil)
        #expect(ImageFormat.heif.mimeType == "image/heic" && ImageFormat.avif.mimeType == "image/avif")
    }

    @Test func theHeaderGivesTheSizeOfEach() throws {
        let images = try GeneratedImages()
        let png = try images.convert(["-size", "64x32", "xc:#C03020", "PNG24:red.png"])
        let heic = try images.encode("heif-enc", ["-q", "90"], from: png, to: "red.heic")
        let avif = try images.encode("avifenc", ["-s", "10"], from: png, to: "red.avif")
        #expect(try PhotoFile.readHeader(path: FilePath(heic)) == ImageHeader(format: .heif, width: 64, height: 32))
        #expect(try PhotoFile.readHeader(path: FilePath(avif)) == ImageHeader(format: .avif, width: 64, height: 32))
        #expect(try ImageHeader.read(bytes(of: heic)) == ImageHeader(format: .heif, width: 64, height: 32))
    }

    @Test func theWalkFindsThemAsPhotosNotSkipped() throws {
        let images = try GeneratedImages()
        let png = try images.convert(["-size", "64x32", "xc:#C03020", "PNG24:red.png"])
        try images.encode("heif-enc", ["-q", "90"], from: png, to: "IMG_0001.HEIC")
        try images.encode("avifenc", ["-s", "10"], from: png, to: "red.avif")
        try FileManager.default.removeItem(atPath: png)
        try images.write(Array("notes\n".utf8), to: "notes.txt")
        let counts = PhotoWalker(paths: [images.folder.path]).walkAll().counts
        #expect(counts.found == 2 && counts.skipped == 1 && counts.skippedKinds == [.other: 1])
    }

    @Test func theHeaderReadsTheBoxesNotThePixels() throws {
        let images = try GeneratedImages()
        let png = try images.convert(["-size", "512x512", "-seed", "7", "plasma:", "PNG24:noise.png"])
        let heic = try bytes(of: images.encode("heif-enc", ["-q", "90"], from: png, to: "noise.heic"))
        #expect(heic.count > 20_000)
        var asked = 0
        let header = try ImageHeader.read(
            start: Array(heic.prefix(64)), size: heic.count,
            reads: HeaderReads(startLimit: 64, blockSize: 256)
        ) { offset, count in
            asked += count
            return Array(heic[offset..<min(heic.count, offset + count)])
        }
        #expect(header == ImageHeader(format: .heif, width: 512, height: 512))
        #expect(asked < 4_096, "\(asked) of \(heic.count) bytes read")
    }

    @Test func theThumbnailsHaveTheColourWithinTheCodecsTolerance() throws {
        let images = try GeneratedImages()
        let png = try images.convert(["-size", "64x32", "xc:#C03020", "PNG24:red.png"])
        for path in [
            try images.encode("heif-enc", ["-q", "95"], from: png, to: "red.heic"),
            try images.encode("avifenc", ["-s", "10", "--min", "0", "--max", "10"], from: png, to: "red.avif"),
        ] {
            // In this process (an AVIF's AV1 through libaom), and through the worker (through dav1d).
            for decoder in [ThumbnailDecoder(worker: nil), BuiltWorker.decoder()] {
                let thumbnail = try decoder.thumbnail(ofFile: FilePath(path), width: 32)
                #expect(thumbnail.width == 32 && thumbnail.height == 16, "\(path)")
                #expect(
                    thumbnail.pixels.allSatisfy { near($0, 0xC03020) },
                    "\(path): \(String(thumbnail[16, 8], radix: 16))")
            }
        }
    }

    @Test func anAVIFsAlphaShowsTheBackgroundThroughIt() throws {
        let images = try GeneratedImages()
        // The left half opaque red, the right half transparent, encoded losslessly.
        let png = try images.convert([
            "-size", "32x16", "xc:none", "-fill", "#FF0000", "-draw", "rectangle 0,0 15,15", "PNG32:half.png",
        ])
        let avif = try images.encode("avifenc", ["-s", "10", "-l"], from: png, to: "half.avif")
        // `decode(fileAt:)` decodes here, through libaom; `thumbnail(ofFile:)` asks the worker, which uses dav1d.
        let decoder = BuiltWorker.decoder()
        decoder.background = 0x0000FF
        let decoded = try decoder.decode(
            fileAt: avif, header: ImageHeader(format: .avif, width: 32, height: 16), width: 32)
        let (thumbnail, isOpaque) = (decoded.thumbnail, decoded.isOpaque)
        #expect(!isOpaque)
        #expect(
            near(thumbnail[4, 8], 0xFF0000) && near(thumbnail[28, 8], 0x0000FF),
            "\(String(thumbnail[4, 8], radix: 16)) \(String(thumbnail[28, 8], radix: 16))")
        decoder.background = 0xFFFFFF
        #expect(near(try decoder.thumbnail(ofFile: FilePath(avif), width: 32)[28, 8], 0xFFFFFF))
    }

    /// The size of the image of the HEIF `bytes` a card `width` pixels wide shows: a stored thumbnail or the primary
    /// image (`HEIFDecoder.image(toShow:width:)`, which `HEIFDecoder.decodeScaled` decodes).
    func shownSize(_ bytes: UnsafeRawBufferPointer, width: Int) throws -> (width: Int, height: Int) {
        try HEIFContext.withContext(bytes, format: .heif) { context in
            try HEIFDecoder.image(toShow: context.primaryImage(), width: width).size
        }
    }

    @Test func aStoredThumbnailIsDecodedWhenItIsAtLeast90PercentOfTheCard() throws {
        let images = try GeneratedImages()
        // 512 × 256, left half white, right half blue; heif-enc stores a 128 × 64 thumbnail of it.
        let png = try images.convert([
            "-size", "512x256", "xc:#2040C0", "-fill", "white", "-draw", "rectangle 0,0 255,255", "PNG24:big.png",
        ])
        let heic = try bytes(of: images.encode("heif-enc", ["-q", "90", "-t", "128"], from: png, to: "thumb.heic"))
        try heic.withUnsafeBytes { bytes in
            let small = try shownSize(bytes, width: 100)
            #expect(small.width == 128 && small.height == 64)  // the thumbnail
            let exact = try shownSize(bytes, width: 128)
            #expect(exact.width == 128 && exact.height == 64)
            // 90 % of the card's width is enough: 128 of 142, enlarged a little; not of 143.
            #expect(try shownSize(bytes, width: 142).width == 128)
            #expect(try shownSize(bytes, width: 143).width == 512)
            let large = try shownSize(bytes, width: 300)
            #expect(large.width == 512 && large.height == 256)  // wider than the thumbnail: the primary image
        }
        let thumbnail = try ThumbnailDecoder().thumbnail(of: heic, width: 100)
        #expect(thumbnail.width == 100 && thumbnail.height == 50)
        #expect(near(thumbnail[20, 25], 0xFFFFFF) && near(thumbnail[80, 25], 0x2040C0))
        // Without a thumbnail, the primary image.
        let plain = try bytes(of: images.encode("heif-enc", ["-q", "90"], from: png, to: "plain.heic"))
        #expect(try plain.withUnsafeBytes { try shownSize($0, width: 100).width } == 512)
    }

    @Test func irotIsAppliedFromTheHeaderOn() throws {
        let images = try GeneratedImages()
        // 64 × 32, left half red, right half blue, stored with irot 1: turned 90° anticlockwise to show, so it shows
        // 32 × 64, the blue (right) half on top. libheif's handle size is the size after the transformation.
        let png = try images.convert([
            "-size", "64x32", "xc:#0000FF", "-fill", "#FF0000", "-draw", "rectangle 0,0 31,31", "PNG24:halves.png",
        ])
        let avif = try images.encode(
            "avifenc", ["-s", "10", "--min", "0", "--max", "10", "--irot", "1"], from: png, to: "turned.avif")
        #expect(
            try PhotoFile.readHeader(path: FilePath(avif))
                == ImageHeader(format: .avif, width: 32, height: 64, orientation: .up))
        let thumbnail = try BuiltWorker.decoder().thumbnail(ofFile: FilePath(avif), width: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 64)
        #expect(near(thumbnail[16, 8], 0x0000FF, tolerance: 24) && near(thumbnail[16, 56], 0xFF0000, tolerance: 24))
    }

    @Test func aTruncatedFileIsNamed() throws {
        let images = try GeneratedImages()
        let png = try images.convert(["-size", "64x32", "xc:#C03020", "PNG24:red.png"])
        let heic = try bytes(of: images.encode("heif-enc", ["-q", "90"], from: png, to: "red.heic"))
        let ftypEnd = be32(heic, at: 0)
        let metaEnd = ftypEnd + be32(heic, at: ftypEnd)
        // Cut inside the meta box, or inside the coded data that the meta box's item locations (iloc) reach: both
        // refused from the header, before any decode.
        #expect(throws: PhotoError.truncated(.heif)) { try ImageHeader.read(Array(heic[..<(metaEnd - 10)])) }
        let cut = Array(heic[..<(heic.count - 40)])
        #expect(throws: PhotoError.truncated(.heif)) { try ImageHeader.read(cut) }
        #expect(throws: PhotoError.truncated(.heif)) { try ThumbnailDecoder().thumbnail(of: cut, width: 32) }
        #expect(throws: PhotoError.truncated(.heif)) {
            try cut.withUnsafeBytes {
                try HEIFDecoder.decodeScaled(
                    $0, format: .heif, width: 32, targetWidth: 32, targetHeight: 16, background: 0)
            }
        }
        #expect(PhotoError.truncated(.heif).description == "truncated HEIC")
    }

    @Test func aHugeIspeIsRefusedFromTheHeader() throws {
        let images = try GeneratedImages()
        let png = try images.convert(["-size", "64x32", "xc:#C03020", "PNG24:red.png"])
        var heic = try bytes(of: images.encode("heif-enc", ["-q", "90"], from: png, to: "red.heic"))
        // heif-enc writes a grid of one 64 × 64 tile, cropped to 64 × 32: an ispe box for each; both made huge.
        let boxes = heic.indices.filter { heic[$0..<min(heic.count, $0 + 4)].elementsEqual("ispe".utf8) }
        // after version and flags
        #expect(boxes.map { [be32(heic, at: $0 + 8), be32(heic, at: $0 + 12)] } == [[64, 64], [64, 32]])
        for ispe in boxes {
            heic.replaceSubrange((ispe + 8)..<(ispe + 16), with: HeaderBytes.be32(60_000) + HeaderBytes.be32(60_000))
        }
        #expect(throws: PhotoError.tooLarge(width: 60_000, height: 60_000)) { try ImageHeader.read(heic) }
        #expect(throws: PhotoError.tooLarge(width: 60_000, height: 60_000)) {
            try ThumbnailDecoder().thumbnail(of: heic, width: 32)
        }
    }
}
