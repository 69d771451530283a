import Foundation
import PhotoTestSupport
import Testing

@testable import WaterfallPhotos

/// The files the wall does not show, told apart by their first bytes (and a TIFF's name, for camera RAW files libraw
/// does not open), and counted by kind by the walk.
struct SkippedKindTests {
    /// An ISO base media file's first box: `ftyp` with `major` and the `compatible` brands.
    func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
        HeaderBytes.be32(16 + 4 * compatible.count) + Array("ftyp\(major)".utf8) + [0, 0, 0, 0]
            + compatible.flatMap { Array($0.utf8) }
            + Array(repeating: 0, count: 16)
    }

    @Test func eachKindIsToldByItsMagicNumber() {
        let cases: [(bytes: [UInt8], name: String, kind: SkippedKind)] = [
            (Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], "a.bmp", .bmp),
            (Array("II*\0".utf8) + [8, 0, 0, 0], "scan.tif", .tiff),
            (Array("MM\0*".utf8) + [0, 0, 0, 8], "scan.tiff", .tiff),
            (Array("II*\0".utf8) + [8, 0, 0, 0], "IMG_0001.CR2", .raw),
            (Array("MM\0*".utf8) + [0, 0, 0, 8], "DSC_0001.nef", .raw),
            (Array("II*\0".utf8) + [8, 0, 0, 0], "DSC00001.ARW", .raw),
            (Array("II*\0".utf8) + [8, 0, 0, 0], "photo.dng", .raw),
            // ORF, RW2, RAF and CR3 signatures are ImageFormat.raw photos (RAWTests): nothing here claims them.
            (Array("IIRO".utf8) + [8, 0, 0, 0], "P1.ORF", .other),
            (ftyp("crx ", ["crx ", "isom"]), "IMG_0001.CR3", .other),
            (ftyp("hevs", ["msf1", "hevs"]), "burst.heics", .heif),  // a HEIF image sequence
            (ftyp("msf1", ["msf1", "iso8"]), "x.heifs", .heif),
            (ftyp("M4A ", ["M4A ", "isom"]), "song.m4a", .other),
            (Array("8BPS".utf8) + [0, 1], "layers.psd", .psd),
            (Array("%PDF-1.7\n".utf8), "doc.pdf", .pdf),
            (Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "a.svg", .svg),
            ([0xEF, 0xBB, 0xBF] + Array("\n  <svg/>".utf8), "bom.svg", .svg),
            (Array("<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<svg width=\"1\"/>".utf8), "b.svg", .svg),
            (Array("<?xml version=\"1.0\"?>\n<html/>".utf8), "page.xml", .other),
            (Array("shopping list\n".utf8), "notes.jpg", .other),
            (Array("BMP is a format".utf8), "notes.txt", .other),  // "BM", but no bitmap header
            ([], "empty", .other),
        ]
        for (bytes, name, kind) in cases {
            #expect(SkippedKind(magic: bytes, fileName: name) == kind, "\(name)")
        }
    }

    @Test func filesMadeByImageMagickAreToldApart() throws {
        let images = try GeneratedImages()
        for (name, kind) in [("a.bmp", SkippedKind.bmp), ("b.tiff", .tiff), ("c.psd", .psd)] {
            let path = try images.convert(["-size", "8x8", "xc:red", name])
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(SkippedKind(magic: bytes, fileName: name) == kind, "\(name)")
        }
    }

    @Test func theWalkCountsTheSkippedByKind() throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "8x8", "xc:red", "shown.png"])
        try images.convert(["-size", "8x8", "xc:red", "a.psd"])
        try images.convert(["-size", "8x8", "xc:red", "b.psd"])
        try images.convert(["-size", "8x8", "xc:red", "scan.bmp"])
        // A TIFF is shown; the same TIFF named as a camera's RAW file is a RAW libraw does not open, skipped.
        try images.convert(["-size", "8x8", "xc:red", "scan.tiff"])
        try images.convert(["-size", "8x8", "xc:red", "TIFF:DSC_0001.NEF"])
        try images.convert(["-size", "8x8", "xc:red", "TIFF:DSC00002.ARW"])
        try images.write(Array("%PDF-1.4\n".utf8), to: "doc.pdf")
        try images.write(Array("notes\n".utf8), to: "notes.txt")
        try images.write([], to: "empty.jpg")
        let counts = PhotoWalker(paths: [images.folder.path]).usingBuiltWorker().walkAll().counts
        #expect(counts.found == 2 && counts.skipped == 8)
        #expect(counts.skippedKinds == [.psd: 2, .bmp: 1, .raw: 2, .pdf: 1, .other: 2])
        // the most first, then in order
        #expect(counts.skippedKindsByCount.map(\.kind) == [.psd, .raw, .other, .bmp, .pdf])
        var both = counts
        both.add(counts)
        #expect(both.skipped == 16 && both.skippedKinds == [.psd: 4, .bmp: 2, .raw: 4, .pdf: 2, .other: 4])
    }
}
