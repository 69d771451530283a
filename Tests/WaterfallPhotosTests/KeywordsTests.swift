import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Keywords as Lightroom, digiKam, darktable and exiftool write them, read from sidecars and embedded XMP, and written
/// to a sidecar as darktable writes them, read back by exiftool.
struct KeywordsTests {
    /// A sidecar as Lightroom writes `NAME.xmp`, and one as digiKam writes `NAME.EXT.xmp`.
    static let lightroomSidecar = KeywordSidecars.lightroom
    static let digiKamSidecar = KeywordSidecars.digiKam("people/Anna")

    private func photo(_ name: String, in images: GeneratedImages) throws -> FilePath {
        try images.write(HeaderBytes.png(width: 40, height: 30) + [UInt8](repeating: 0, count: 64), to: name)
        return images.file(name)
    }

    private func text(_ path: String) throws -> String {
        String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    }

    @Test func lightroomsPathsAndTheLeavesNotInThemAreRead() throws {
        let images = try GeneratedImages()
        let file = try photo("a.png", in: images)
        #expect(PhotoSidecar.keywords(of: file) == [])
        try images.write(Array(Self.lightroomSidecar.utf8), to: "a.xmp")
        #expect(PhotoSidecar.keywords(of: file) == ["places/sea/beach", "Summer & sun"])
    }

    @Test func digiKamsTagsListIsReadAndNameExtXmpComesFirst() throws {
        let images = try GeneratedImages()
        let file = try photo("a.png", in: images)
        try images.write(Array(Self.lightroomSidecar.utf8), to: "a.xmp")
        try images.write(Array(Self.digiKamSidecar.utf8), to: "a.png.xmp")
        #expect(PhotoSidecar.keywords(of: file) == ["people/Anna"])
    }

    @Test func embeddedKeywordsAreReadFromAJpegAPngAndAWebPWithTheWalksRead() throws {
        let images = try GeneratedImages()
        for format in ["jpg", "png", "webp"] {
            let name = "photo.\(format)"
            try images.convert(["-size", "40x30", "xc:red", name])
            try images.exiftool(
                name, ["-XMP-dc:Subject=beach", "-XMP-dc:Subject=dog", "-XMP-lr:HierarchicalSubject=places|sea|beach"])
            #expect(PhotoSidecar.keywords(of: images.file(name)) == ["places/sea/beach", "dog"], "\(format)")
            let read = try PhotoFile.readHeaderAndMarks(path: images.file(name), worker: nil, listing: .unknown)
            #expect(read.keywords == ["places/sea/beach", "dog"], "\(format)")
        }
    }

    @Test func aSidecarsKeywordsHideTheEmbeddedOnesButNotItsRating() throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "40x30", "xc:blue", "b.jpg"])
        try images.exiftool("b.jpg", ["-XMP-dc:Subject=inside", "-XMP-xmp:Rating=2"])
        try images.write(Array(Self.lightroomSidecar.utf8), to: "b.xmp")
        let read = try PhotoFile.readHeaderAndMarks(path: images.file("b.jpg"), worker: nil, listing: .unknown)
        #expect(read.keywords == ["places/sea/beach", "Summer & sun"])
        #expect(read.marks == PhotoMarks(rating: 2))
    }

    @Test func keywordsAreWrittenAsDarktableWritesThemAndExiftoolReadsThem() throws {
        let images = try GeneratedImages()
        let file = try photo("new.png", in: images)
        let sidecar = images.path("new.png.xmp")
        try PhotoSidecar.writeKeywords(["places/sea/beach", "dog", "R&B <live>"], for: file)
        #expect(try SidecarWritingTests.exiftool("XMP-dc:Subject", sidecar) == "beach, dog, R&B <live>")
        #expect(try SidecarWritingTests.exiftool("XMP-lr:HierarchicalSubject", sidecar) == "places|sea|beach")
        #expect(PhotoSidecar.keywords(of: file) == ["places/sea/beach", "dog", "R&B <live>"])
        // A rating written after keeps the keywords, and keywords written again replace the bags.
        try PhotoSidecar.write(PhotoMarks(rating: 4), for: file)
        try PhotoSidecar.writeKeywords(["dog"], for: file)
        #expect(try SidecarWritingTests.exiftool("XMP-dc:Subject", sidecar) == "dog")
        #expect(try SidecarWritingTests.exiftool("XMP-lr:HierarchicalSubject", sidecar) == "")
        #expect(try SidecarWritingTests.exiftool("XMP-xmp:Rating", sidecar) == "4")
        #expect(PhotoSidecar.keywords(of: file) == ["dog"])
        #expect(PhotoSidecar.marks(of: file) == PhotoMarks(rating: 4))
    }

    @Test func aDarktableSidecarKeepsEveryByteButItsSubjectBag() throws {
        let images = try GeneratedImages()
        let file = try photo("IMG_0001.png", in: images)
        let sidecar = images.path("IMG_0001.png.xmp")
        let before = SidecarWritingTests.darktableSidecar(rating: "1")
        try images.write(Array(before.utf8), to: "IMG_0001.png.xmp")
        #expect(PhotoSidecar.keywords(of: file) == ["trip", "paris"])
        try PhotoSidecar.writeKeywords(["trip", "paris", "night"], for: file)
        // The bag written again as exiv2 lays it out, one item a line; nothing else changes.
        let expected = before.replacingOccurrences(
            of: "<rdf:li>paris</rdf:li>\n", with: "<rdf:li>paris</rdf:li>\n     <rdf:li>night</rdf:li>\n")
        #expect(expected != before)
        #expect(try text(sidecar) == expected)
        #expect(try SidecarWritingTests.exiftool("XMP-dc:Subject", sidecar) == "trip, paris, night")
        #expect(try SidecarWritingTests.exiftool("XMP-xmp:Rating", sidecar) == "1")
        #expect(try SidecarWritingTests.exiftool("XMP-xmpMM:DerivedFrom", sidecar) == "IMG_0001.png")
    }

    @Test func digiKamsTagsListIsKeptUpToDateAndLightroomsAddedForAPath() throws {
        let images = try GeneratedImages()
        let file = try photo("c.png", in: images)
        let sidecar = images.path("c.png.xmp")
        try images.write(Array(Self.digiKamSidecar.utf8), to: "c.png.xmp")
        try PhotoSidecar.writeKeywords(["people/Anna", "places/sea/beach"], for: file)
        #expect(try SidecarWritingTests.exiftool("XMP-digiKam:TagsList", sidecar) == "people/Anna, places/sea/beach")
        #expect(try SidecarWritingTests.exiftool("XMP-dc:Subject", sidecar) == "Anna, beach")
        #expect(
            try SidecarWritingTests.exiftool("XMP-lr:HierarchicalSubject", sidecar)
                == "people|Anna, places|sea|beach")
        #expect(PhotoSidecar.keywords(of: file) == ["people/Anna", "places/sea/beach"])
    }

    @Test func aMalformedSidecarIsLeftAsItIs() throws {
        let images = try GeneratedImages()
        let file = try photo("d.png", in: images)
        try images.write(Array("<x:xmpmeta><rdf:RDF>".utf8), to: "d.png.xmp")
        #expect(throws: FileActionError.self) { try PhotoSidecar.writeKeywords(["dog"], for: file) }
        #expect(try text(images.path("d.png.xmp")) == "<x:xmpmeta><rdf:RDF>")
    }

    @Test func typedKeywordsTakeEitherSeparatorAndTrimTheirParts() {
        #expect(Keyword.typed(" places | sea/ beach ") == "places/sea/beach")
        #expect(Keyword.typed("dog") == "dog")
        #expect(Keyword.typed(" / | ") == nil)
        #expect(Keyword.parts(of: "places/sea/beach") == ["places", "sea", "beach"])
    }
}
