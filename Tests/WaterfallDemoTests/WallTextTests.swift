import Testing
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

@testable import WaterfallDemoKit

/// Every count the demo shows goes through `Noun`: "1 photo", never "1 photos".
struct WallTextTests {
    @Test func aCountOfOneTakesTheSingularAndEveryOtherThePlural() {
        #expect([0, 1, 2].map(Noun.photo.counted) == ["0 photos", "1 photo", "2 photos"])
        #expect([0, 1, 2].map(Noun.folder.counted) == ["0 folders", "1 folder", "2 folders"])
        #expect([0, 1, 2].map(Noun.card.counted) == ["0 cards", "1 card", "2 cards"])
        #expect(Noun("mouse", plural: "mice").counted(1) == "1 mouse")
        #expect(Noun("mouse", plural: "mice").counted(2) == "2 mice")
        #expect(Noun.item.counted(12_345) == "12,345 items")
    }

    @Test func countsAreGroupedByThousands() {
        #expect(
            [0, 999, 1_000, 12_345, 1_234_567, -1_234].map(Noun.grouped) == [
                "0", "999", "1,000", "12,345", "1,234,567", "-1,234",
            ])
        #expect(Noun.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test func headersAndFootersSayTheirCounts() {
        #expect([0, 1, 2].map { WallText.sectionCount($0, of: .photo) } == ["0 photos", "1 photo", "2 photos"])
        #expect(PhotoWallText.footer(photos: 0, folders: 0) == "0 photos in 0 folders")
        #expect(PhotoWallText.footer(photos: 1, folders: 1) == "1 photo in 1 folder")
        #expect(PhotoWallText.footer(photos: 2, folders: 2) == "2 photos in 2 folders")
        #expect(PhotoWallText.footer(photos: 2, sections: 2, grouping: .folder) == "2 photos in 2 folders")
        #expect(PhotoWallText.footer(photos: 6, sections: 3, grouping: .month) == "6 photos in 3 months")
        #expect(PhotoWallText.footer(photos: 1, sections: 1, grouping: .day) == "1 photo in 1 day")
        #expect(PhotoWallText.footer(photos: 1_200, sections: 2, grouping: .year) == "1,200 photos in 2 years")
        #expect(WallText.catalogFooter(cards: 1, sections: 1) == "End of the catalog: 1 card in 1 section")
        #expect(WallText.catalogFooter(cards: 240, sections: 8) == "End of the catalog: 240 cards in 8 sections")
    }

    @Test func thePhotoStatusBarSaysOnlyWhatHasACount() {
        var counts = ScanCounts()
        #expect(PhotoWallText.status(counts, isScanning: true, cacheMB: nil) == "0 photos in 0 folders · scanning…")
        counts.foldersLeft = 1_240
        #expect(
            PhotoWallText.status(counts, isScanning: true, cacheMB: nil)
                == "0 photos in 0 folders · scanning… 1,240 folders left")
        #expect(PhotoWallText.status(counts, isScanning: false, cacheMB: nil) == "0 photos in 0 folders")
        counts.foldersLeft = 0
        counts.found = 1
        counts.folders = 1
        #expect(
            PhotoWallText.status(counts, isScanning: false, cacheMB: (0, 256)) == "1 photo in 1 folder · cache 0/256 MB"
        )
        counts.found = 2
        counts.folders = 2
        counts.unreadable = 1
        counts.skipped = 2
        counts.loops = 1
        #expect(
            PhotoWallText.status(counts, isScanning: false, cacheMB: (1_200, 2_048))
                == "2 photos in 2 folders · 1 unreadable · 2 skipped · 1 link not followed again · cache 1,200/2,048 MB"
        )
        counts.loops = 2
        #expect(
            PhotoWallText.status(counts, isScanning: false, cacheMB: nil)
                == "2 photos in 2 folders · 1 unreadable · 2 skipped · 2 links not followed again")
    }

    @Test func theStatusBarNamesTheSkippedKindsTheMostFirstAndAtMostThree() {
        var counts = ScanCounts()
        counts.found = 1
        counts.folders = 1
        for kind in [SkippedKind.other, .pdf, .psd] { counts.addSkipped(kind) }
        #expect(
            PhotoWallText.status(counts, isScanning: false, cacheMB: nil)
                == "1 photo in 1 folder · 3 skipped (1 PSD, 1 PDF, 1 other)")
        for kind in [SkippedKind.svg, .svg, .bmp] { counts.addSkipped(kind) }
        #expect(
            PhotoWallText.status(counts, isScanning: false, cacheMB: nil)
                == "1 photo in 1 folder · 6 skipped (2 SVG, 1 BMP, 1 PSD, …)")
        for _ in 0..<1_000 { counts.addSkipped(.raw) }
        #expect(
            PhotoWallText.status(counts, isScanning: false, cacheMB: nil)
                == "1 photo in 1 folder · 1,006 skipped (1,000 RAW, 2 SVG, 1 BMP, …)")
    }
}
