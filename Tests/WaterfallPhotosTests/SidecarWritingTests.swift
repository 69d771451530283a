import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// `PhotoSidecar.write(_:for:)` and `writeOrientation(_:for:)`: what exiftool reads back, the bytes of an existing
/// darktable sidecar kept but for the value, and the errors that leave every file as it was.
struct SidecarWritingTests {
    /// A sidecar as darktable 4 writes one: exiv2's layout, a rating, a DerivedFrom, darktable's fields and history as
    /// an rdf:Seq, keywords in dc:subject, and a comment.
    static func darktableSidecar(rating: String?) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:exif="http://ns.adobe.com/exif/1.0/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:darktable="http://darktable.sf.net/"
            exif:DateTimeOriginal="2024:05:01 12:30:45"\(rating.map { "\n    xmp:Rating=\"\($0)\"" } ?? "")
            xmpMM:DerivedFrom="IMG_0001.png"
            darktable:import_timestamp="63848590000000000"
            darktable:xmp_version="5"
            darktable:history_end="1"
            darktable:iop_order_version="4">
           <!-- darktable keeps its edits here -->
           <dc:subject>
            <rdf:Bag>
             <rdf:li>trip</rdf:li>
             <rdf:li>paris</rdf:li>
            </rdf:Bag>
           </dc:subject>
           <darktable:history>
            <rdf:Seq>
             <rdf:li
              darktable:num="0"
              darktable:operation="flip"
              darktable:enabled="1"
              darktable:modversion="2"
              darktable:params="ffffffff"
              darktable:multi_name=""
              darktable:multi_priority="0"/>
            </rdf:Seq>
           </darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>

        """
    }

    /// What `exiftool -s3 -n -TAG` prints for the file at `path`, trimmed.
    static func exiftool(_ tag: String, _ path: String) throws -> String {
        try TestTool.run(["exiftool", "-s3", "-n", "-" + tag, path]).output.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    private func photo(_ name: String, in images: GeneratedImages) throws -> FilePath {
        try images.write(HeaderBytes.png(width: 40, height: 30) + [UInt8](repeating: 0, count: 64), to: name)
        return images.file(name)
    }

    @Test func everyRatingAndARejectAreWrittenAsExiftoolReadsThem() throws {
        let images = try GeneratedImages()
        let file = try photo("IMG_0001.png", in: images)
        for marks in (0...5).map({ PhotoMarks(rating: $0) }) + [PhotoMarks(rating: 3, isRejected: true)] {
            try PhotoSidecar.write(marks, for: file)
            #expect(try Self.exiftool("XMP-xmp:Rating", images.path("IMG_0001.png.xmp")) == String(marks.xmpRating))
            #expect(PhotoSidecar.marks(of: file) == PhotoMarks(xmpRating: marks.xmpRating))
        }
    }

    @Test func aNewSidecarIsASmallPacketAsDarktableWritesOne() throws {
        let images = try GeneratedImages()
        let file = try photo("new.png", in: images)
        try PhotoSidecar.write(PhotoMarks(rating: 3), for: file)
        let text = String(
            decoding: try #require(FileManager.default.contents(atPath: images.path("new.png.xmp"))), as: UTF8.self)
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
                 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                  <rdf:Description rdf:about=""
                    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                    xmp:Rating="3"/>
                 </rdf:RDF>
                </x:xmpmeta>

                """)
    }

    @Test func aDarktableSidecarKeepsEveryByteButTheRatingsValue() throws {
        let images = try GeneratedImages()
        let file = try photo("IMG_0001.png", in: images)
        let sidecar = images.path("IMG_0001.png.xmp")
        try images.write(Array(Self.darktableSidecar(rating: "1").utf8), to: "IMG_0001.png.xmp")
        try PhotoSidecar.write(PhotoMarks(rating: 4), for: file)
        #expect(
            String(decoding: try #require(FileManager.default.contents(atPath: sidecar)), as: UTF8.self)
                == Self.darktableSidecar(rating: "4"))
        try PhotoSidecar.write(PhotoMarks(isRejected: true), for: file)
        #expect(
            String(decoding: try #require(FileManager.default.contents(atPath: sidecar)), as: UTF8.self)
                == Self.darktableSidecar(rating: "-1"))
        #expect(try Self.exiftool("XMP-xmp:Rating", sidecar) == "-1")
        #expect(try Self.exiftool("XMP-dc:Subject", sidecar) == "trip, paris")
        #expect(try Self.exiftool("XMP-xmpMM:DerivedFrom", sidecar) == "IMG_0001.png")
    }

    @Test func aRatingMissingFromADarktableSidecarIsAddedAfterItsLastAttribute() throws {
        let images = try GeneratedImages()
        let file = try photo("IMG_0002.png", in: images)
        let sidecar = images.path("IMG_0002.png.xmp")
        let before = Self.darktableSidecar(rating: nil)
        try images.write(Array(before.utf8), to: "IMG_0002.png.xmp")
        try PhotoSidecar.write(PhotoMarks(rating: 2), for: file)
        let last = "    darktable:iop_order_version=\"4\""
        #expect(
            String(decoding: try #require(FileManager.default.contents(atPath: sidecar)), as: UTF8.self)
                == before.replacingOccurrences(of: last, with: last + "\n    xmp:Rating=\"2\""))
        #expect(try Self.exiftool("XMP-xmp:Rating", sidecar) == "2")
        // The orientation goes in beside it, its namespace declared there.
        try PhotoSidecar.writeOrientation(.left, for: file)
        #expect(
            String(decoding: try #require(FileManager.default.contents(atPath: sidecar)), as: UTF8.self)
                == before.replacingOccurrences(
                    of: last,
                    with: last
                        + "\n    xmp:Rating=\"2\"\n    xmlns:tiff=\"http://ns.adobe.com/tiff/1.0/\"\n    tiff:Orientation=\"8\""
                ))
        #expect(try Self.exiftool("XMP-tiff:Orientation", sidecar) == "8")
        #expect(try Self.exiftool("XMP-dc:Subject", sidecar) == "trip, paris")
    }

    @Test func anElementRatingIsChangedInPlace() throws {
        let images = try GeneratedImages()
        let file = try photo("a.png", in: images)
        let packet =
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description xmlns:xap=\"http://ns.adobe.com/xap/1.0/\"><xap:Rating>5</xap:Rating></rdf:Description></rdf:RDF></x:xmpmeta>"
        try images.write(Array(packet.utf8), to: "a.png.xmp")
        try PhotoSidecar.write(PhotoMarks(rating: 1), for: file)
        #expect(
            String(
                decoding: try #require(FileManager.default.contents(atPath: images.path("a.png.xmp"))), as: UTF8.self)
                == packet.replacingOccurrences(of: ">5<", with: ">1<"))
        #expect(try Self.exiftool("XMP-xmp:Rating", images.path("a.png.xmp")) == "1")
    }

    @Test func theOrientationOfAPngIsReadBackByExiftoolAndByReadHeader() throws {
        let images = try GeneratedImages()
        let file = try photo("turned.png", in: images)
        try PhotoSidecar.writeOrientation(.right, for: file)
        #expect(try Self.exiftool("XMP-tiff:Orientation", images.path("turned.png.xmp")) == "6")
        #expect(try PhotoFile.readHeader(path: file).orientedSize == (30, 40))
        try PhotoSidecar.write(PhotoMarks(rating: 5), for: file)
        #expect(try Self.exiftool("XMP-tiff:Orientation", images.path("turned.png.xmp")) == "6")
        #expect(try Self.exiftool("XMP-xmp:Rating", images.path("turned.png.xmp")) == "5")
    }

    @Test func aMalformedSidecarIsNeverOverwritten() throws {
        let images = try GeneratedImages()
        let file = try photo("bad.png", in: images)
        let broken = Array(Self.darktableSidecar(rating: "3").utf8.prefix(400))
        try images.write(broken, to: "bad.png.xmp")
        let error = try #require(throws: FileActionError.self) {
            try PhotoSidecar.write(PhotoMarks(rating: 5), for: file)
        }
        #expect(error.file == images.file("bad.png.xmp"))
        #expect(error.description.hasPrefix("bad.png.xmp: it is no well-formed XMP ("))
        #expect(error.description.hasSuffix("); left as it is"))
        #expect(Array(try #require(FileManager.default.contents(atPath: images.path("bad.png.xmp")))) == broken)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: images.folder.path).sorted() == [
                "bad.png", "bad.png.xmp",
            ])
    }

    @Test func aVanishedPhotoAndAReadOnlyFolderAreRefusedByName() throws {
        let images = try GeneratedImages()
        #expect(throws: FileActionError(file: images.file("gone.png"), reason: "it is gone")) {
            try PhotoSidecar.write(PhotoMarks(rating: 1), for: images.file("gone.png"))
        }
        #expect(!FileManager.default.fileExists(atPath: images.path("gone.png.xmp")))

        let mount = try ScratchMount(kilobytes: 256)
        try FileManager.default.copyItem(atPath: try photo("a.png", in: images).string, toPath: mount.path("a.png"))
        try FileManager.default.copyItem(atPath: try photo("b.png", in: images).string, toPath: mount.path("b.png"))
        try Disk.write(Self.darktableSidecar(rating: "1"), to: mount.path("b.png.xmp"))
        try mount.makeReadOnly()
        #expect(throws: FileActionError(file: mount.file("a.png.xmp"), reason: "the folder is read-only")) {
            try PhotoSidecar.write(PhotoMarks(rating: 1), for: mount.file("a.png"))
        }
        #expect(throws: FileActionError(file: mount.file("b.png.xmp"), reason: "the folder is read-only")) {
            try PhotoSidecar.writeOrientation(.down, for: mount.file("b.png"))
        }
        #expect(Disk.bytes(mount.path("b.png.xmp")) == Array(Self.darktableSidecar(rating: "1").utf8))
        #expect(Disk.names(mount.folder) == ["a.png", "b.png", "b.png.xmp"])
    }
}
