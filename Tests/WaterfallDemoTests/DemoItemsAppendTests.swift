import Testing
import Waterfall
@testable import WaterfallDemoKit

/// `DemoItems.append(_:toSectionTitled:)`: how the photo wall's walk adds its batches, without rebuilding the cards.
struct DemoItemsAppendTests {
    private func cards(_ names: [String], in folder: String, aspect: Double = 1) -> [CatalogItem] {
        names.map { CatalogItem(title: $0, subtitle: "", color: Color(rgb: 0), aspect: aspect, category: folder) }
    }

    private func titles(_ items: DemoItems) -> [[String]] {
        (0..<items.numberOfSections).map { section in
            (0..<items.numberOfItems(inSection: section)).map { items[ItemPath(item: $0, section: section)].title }
        }
    }

    @Test func batchesOfOneFolderGrowItsSectionAndANewFolderStartsTheNext() {
        var items = DemoItems(catalog: [])
        items.append(cards(["a1", "a2"], in: "a"), toSectionTitled: "a")
        items.append(cards(["a3"], in: "a"), toSectionTitled: "a")
        items.append(cards(["b1", "b2"], in: "b", aspect: 1.5), toSectionTitled: "b")
        items.append([], toSectionTitled: "c")  // no cards, no section

        #expect(titles(items) == [["a1", "a2", "a3"], ["b1", "b2"]])
        #expect(items.sectionTitles == ["a", "b"])
        #expect(items.firstIndexOfSection == [0, 3])
        #expect(items.shownCount == 5)
        #expect(items.totalCount == 5)
        #expect(items.path(ofIndex: 4) == ItemPath(item: 1, section: 1))
        #expect(items[ItemPath(item: 0, section: 1)].title == "b1")
        #expect(items.aspect(at: ItemPath(item: 1, section: 1)) == 1.5)
    }

    @Test func aFolderFoundLaterIsInsertedInItsPlaceAndGoneOnesAreDeleted() {
        var items = DemoItems(catalog: [])
        items.append(cards(["a1", "a2"], in: "a"), toSectionTitled: "a")
        items.append(cards(["c1"], in: "c"), toSectionTitled: "c")
        let before = items
        items.insertSection(cards(["b1", "b2"], in: "b"), titled: "b", at: 1)
        items.insertSection(cards(["0"], in: "0"), titled: "0", at: 0)
        #expect(titles(items) == [["0"], ["a1", "a2"], ["b1", "b2"], ["c1"]])
        #expect(items.sectionTitles == ["0", "a", "b", "c"])
        #expect(items.firstIndexOfSection == [0, 1, 3, 5])
        #expect(items.totalItems(inSection: 2) == 2)
        #expect(items.path(ofIndex: 4) == ItemPath(item: 1, section: 2))
        #expect(titles(before) == [["a1", "a2"], ["c1"]])  // a copy keeps its sections

        items.deleteSections([3, 0])
        #expect(titles(items) == [["a1", "a2"], ["b1", "b2"]])
        #expect(items.sectionTitles == ["a", "b"])
        #expect(items.firstIndexOfSection == [0, 2])
        #expect(items.shownCount == 4)
        items.append(cards(["b3"], in: "b"), toSectionTitled: "b")  // the walk's next batch still finds its section
        #expect(titles(items) == [["a1", "a2"], ["b1", "b2", "b3"]])
    }

    @Test func aCopyTakenBeforeAnAppendKeepsItsCards() {
        var items = DemoItems(catalog: [])
        items.append(cards(["a1"], in: "a"), toSectionTitled: "a")
        let before = items
        items.append(cards(["a2"], in: "a"), toSectionTitled: "a")
        #expect(titles(before) == [["a1"]])
        #expect(titles(items) == [["a1", "a2"]])
    }

    @Test func appendedCardsCanBeDeletedAndInsertedAmong() {
        var items = DemoItems(catalog: [])
        items.append(cards(["a1", "a2", "a3"], in: "a"), toSectionTitled: "a")
        items.delete([ItemPath(item: 1, section: 0)])
        items.insert(cards(["new"], in: "a")[0], at: ItemPath(item: 0, section: 0))
        items.append(cards(["a4"], in: "a"), toSectionTitled: "a")
        #expect(titles(items) == [["new", "a1", "a3", "a4"]])
    }
}
