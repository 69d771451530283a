import SystemPackage
import Testing
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// The wall's cards in sections: indices across sections, a card found by its file, and sections in and out.
struct PhotoWallItemsTests {
    func card(_ path: String) -> PhotoCard {
        PhotoCard(Photo(path: FilePath(path), fileSize: 1000, modified: 0, header: nil))
    }

    @Test func indicesRunAcrossSectionsAndBack() {
        var items = PhotoWallItems()
        items.append([card("/a/1"), card("/a/2")], toSectionTitled: "a")
        items.append([card("/a/3")], toSectionTitled: "a")  // the same last section
        items.append([card("/b/1"), card("/b/2")], toSectionTitled: "b")
        #expect(items.numberOfSections == 2 && items.count == 5)
        #expect(items.firstIndexOfSection == [0, 3])
        #expect(
            (0..<5).map { items.path(ofIndex: $0).map { [$0.section, $0.item] } } == [
                [0, 0], [0, 1], [0, 2], [1, 0], [1, 1],
            ])
        #expect(items.path(ofIndex: 5) == nil && items.path(ofIndex: -1) == nil)
        #expect(items.path(of: FilePath("/b/2")).map { items.index(of: $0) } == 4)
        #expect(items.path(of: FilePath("/c/1")) == nil)
    }

    @Test func sectionsComeAndGoAndTheIndicesFollow() {
        var items = PhotoWallItems()
        items.append([card("/a/1")], toSectionTitled: "a")
        items.append([card("/c/1"), card("/c/2")], toSectionTitled: "c")
        items.insertSection([card("/b/1")], titled: "b", at: 1)
        #expect(items.sectionTitles == ["a", "b", "c"] && items.firstIndexOfSection == [0, 1, 2])
        items.deleteSections([0])
        #expect(items.sectionTitles == ["b", "c"] && items.firstIndexOfSection == [0, 1])
        items.delete([.init(item: 0, section: 1)])
        items.insert(card("/c/0"), at: .init(item: 1, section: 1))
        #expect(items.sections[1].cards.map(\.path.string) == ["/c/2", "/c/0"])
    }

    @Test func aSectionIsTitledByItsPathBelowItsRoot() {
        #expect(
            PhotoWallItems.sectionTitle(of: "/home/a/Pictures/2023/May", roots: ["/home/a/Pictures/"])
                == "Pictures/2023/May")
        #expect(PhotoWallItems.sectionTitle(of: "/home/a/Pictures", roots: ["/home/a/Pictures"]) == "Pictures")
        #expect(PhotoWallItems.sectionTitle(of: "/elsewhere/x", roots: ["/home/a/Pictures"]) == "x")
    }
}
