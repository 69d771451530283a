import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// What a screen reader says of a card: its file's name, its rating, the day it was taken, in as few words as a person
/// would want them read; and of a photo shown large, its size.
struct SpokenCardsTests {
    /// A card of `path`, `width` × `height` and 245,760 bytes, taken at `exif` when given, with `marks`.
    func card(
        _ path: String, taken exif: String? = nil, marks: PhotoMarks = PhotoMarks(), width: Int = 4032,
        height: Int = 3024
    ) -> PhotoCard {
        var header = ImageHeader(format: .jpeg, width: width, height: height)
        header.dateTaken = exif
        var photo = Photo(path: FilePath(path), fileSize: 245_760, modified: 0, header: header)
        photo.marks = marks
        return PhotoCard(photo)
    }

    /// The name of `card` with days in `locale` ("en_GB" by default), as the wall says it.
    func name(_ card: PhotoCard, locale: String = "en_GB") -> String {
        SpokenCards.name(of: card, day: PeriodTitles(locale: Locale(identifier: locale)).day)
    }

    @Test func aCardIsItsNameItsRatingAndTheDayItWasTaken() {
        #expect(
            name(card("/p/harbour.jpg", taken: "2023:03:12 17:45:00", marks: PhotoMarks(rating: 4)))
                == "harbour.jpg, 4 stars, 12 March 2023")
        #expect(name(card("/p/a.jpg", marks: PhotoMarks(rating: 1))) == "a.jpg, 1 star")
        #expect(name(card("/p/b.jpg", marks: PhotoMarks(rating: 3, isRejected: true))) == "b.jpg, rejected")
        #expect(name(card("/p/c.jpg", taken: "2021:08:02 10:00:00")) == "c.jpg, 2 August 2021")
        #expect(name(card("/p/d.jpg")) == "d.jpg")  // no rating, no date taken: the name alone
        // The days in the wall's locale.
        #expect(name(card("/p/e.jpg", taken: "2023:03:12 17:45:00"), locale: "en_US") == "e.jpg, March 12, 2023")
    }

    @Test func ratingsAreCountedAndRejectsSaid() {
        #expect(SpokenCards.rating(PhotoMarks()) == nil)
        #expect(SpokenCards.rating(PhotoMarks(rating: 1)) == "1 star")
        #expect(SpokenCards.rating(PhotoMarks(rating: 5)) == "5 stars")
        #expect(SpokenCards.rating(PhotoMarks(isRejected: true)) == "rejected")
    }

    @Test func aPhotoShownLargeIsDescribedByItsSize() {
        #expect(SpokenCards.description(of: card("/p/a.jpg")) == "4032 by 3024 pixels, 246 KB")
        #expect(SpokenCards.description(of: card("/p/b.jpg", width: 300, height: 400)) == "300 by 400 pixels, 246 KB")
    }
}

/// The wall names its cards, section bars and counts for a screen reader from what its walk read: the sidecars'
/// ratings, the EXIF's days, in the wall's locale.
struct WallAccessibleNameTests {
    @Test func theWallNamesItsCardsBarsAndCounts() throws {
        let harness = try WallHarness()
        let taken = HeaderBytes.tiff(orientation: 1, date: "2023:03:12 17:45:00", littleEndian: true)
        try harness.photo("trip/harbour.png", width: 48, height: 32, exif: taken)
        try harness.photo("trip/meadow.png")
        try Data(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="4"/>
            </rdf:RDF></x:xmpmeta>
            """.utf8
        ).write(to: URL(fileURLWithPath: harness.root + "/trip/harbour.png.xmp"))
        try harness.open([harness.root + "/trip"]) { $0.locale = Locale(identifier: "en_GB") }
        let wall = try #require(harness.wall)
        #expect(wall.accessibleName(ofItemAt: try harness.path(0)) == "harbour.png, 4 stars, 12 March 2023")
        #expect(wall.accessibleName(ofItemAt: try harness.path(1)) == "meadow.png")
        #expect(wall.accessibleName(ofItemAt: ItemPath(item: 2, section: 0)) == "")  // no such card
        #expect(wall.accessibleName(ofSupplementaryElementOfKind: .header, inSection: 0) == "trip, 2 photos")
        #expect(wall.accessibleName(ofSupplementaryElementOfKind: .footer, inSection: 0) == "2 photos in 1 folder")
        #expect(wall.accessibleSummary == "2 photos")
        #expect(wall.accessibleDescription(ofItemAt: try harness.path(0)).hasPrefix("48 by 32 pixels, "))
    }
}
