import CMalloc
import Glibc
import Testing
import WaterfallPhotos

@Suite struct PictureMemoryTests {
    /// A decoded photo's block (4 MB) freed, then a thumbnail's (256 KB): glibc would have raised its threshold to
    /// 4 MB at the free and carved the thumbnail from the heap; held, the thumbnail has a mapping of its own.
    @Test func aThumbnailAfterAFreedPhotoHasAMappingOfItsOwn() throws {
        PictureMemory.returnFreedPicturesToTheSystem()
        free(malloc(4 << 20))
        let mappedBefore = mallinfo2().hblks
        let thumbnail = try #require(malloc(256 << 10))
        defer { free(thumbnail) }
        #expect(mallinfo2().hblks == mappedBefore + 1)
    }
}
