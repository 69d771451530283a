import SystemPackage
import Testing
import WaterfallPhotos

@testable import WaterfallPhotoWall

/// The order the wall asks for the pictures of the cards in view: the costliest decode first.
struct DecodeOrderTests {
    @Test func theCostliestDecodeGoesFirstAndEqualCostsKeepTheirOrder() {
        let jobs = [("a.jpg", 74.0), ("b.png", 298.0), ("c.webp", 282.0), ("d.jpg", 74.0), ("e.png", 298.0)]
            .enumerated()
            .map { index, job in
                (job: ThumbnailPool.Job(id: index, path: FilePath(job.0), width: 240), cost: job.1)
            }
        let ordered = PhotoPictures.costliestFirst(jobs).map(\.path.string)
        #expect(ordered == ["b.png", "e.png", "c.webp", "a.jpg", "d.jpg"])
        #expect(PhotoPictures.costliestFirst([]).isEmpty)
    }
}
