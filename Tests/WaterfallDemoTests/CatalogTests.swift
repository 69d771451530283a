import Foundation
import Testing
import Waterfall
@testable import waterfall_demo

struct CatalogTests {
    private func parse(_ json: String) throws(CatalogError) -> [CatalogItem] {
        try Catalog.parse(Data(json.utf8), path: "test.json")
    }

    private func error(of json: String) -> String {
        do {
            _ = try parse(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func theBundledCatalogHasAtLeast200ValidItems() throws {
        let path = try #require(Catalog.defaultPath())
        let items = try Catalog.load(path: path)
        #expect(items.count == 240)
        #expect(items[0] == CatalogItem(title: "Bright Lantern", subtitle: "Print by Chloe", color: Color(rgb: 0x909DA6),
                                        aspect: 0.56, category: "Photography", banner: false))
        #expect(items[7] == CatalogItem(title: "Winter Valley", subtitle: "Print by Priya", color: Color(rgb: 0xA26D8C),
                                        aspect: 0.4, category: "Photography", banner: true))
    }

    @Test func theBundledCatalogHasSixSectionsOfFortyAndFourBanners() throws {
        let path = try #require(Catalog.defaultPath())
        let items = try Catalog.load(path: path)
        let sections = CatalogSection.grouping(items)
        #expect(sections.map(\.category) == ["Photography", "Illustration", "Food", "Travel", "Crafts", "Maps"])
        #expect(sections.map(\.items.count) == [40, 40, 40, 40, 40, 40])
        #expect(sections.flatMap(\.items) == items)  // the file lists each category's items together
        #expect(items.filter(\.banner).count == 4)
        // One banner, the 8th item, in each of four sections; none in Illustration and Crafts.
        #expect(sections.map { section in section.items.indices.filter { section.items[$0].banner } } == [[7], [], [7], [7], [], [7]])
        #expect(items.filter(\.banner).map(\.aspect) == [0.4, 0.4, 0.4, 0.4])
    }

    @Test func validItemsParse() throws {
        let items = try parse(##"[{"title":"T","subtitle":"S","color":"#0a64ff","aspect":1.5,"category":"C","banner":true}]"##)
        #expect(items == [CatalogItem(title: "T", subtitle: "S", color: Color(rgb: 0x0A64FF), aspect: 1.5, category: "C", banner: true)])
    }

    @Test func bannerDefaultsToFalse() throws {
        let items = try parse(##"[{"title":"T","subtitle":"S","color":"#0a64ff","aspect":1.5,"category":"C"},"##
                              + ##"{"title":"U","subtitle":"S","color":"#0a64ff","aspect":1.5,"category":"C","banner":false}]"##)
        #expect(items.map(\.banner) == [false, false])
        #expect(items[0] == CatalogItem(title: "T", subtitle: "S", color: Color(rgb: 0x0A64FF), aspect: 1.5, category: "C"))
    }

    @Test func categoryAndBannerErrors() {
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"C"},{"title":"T","subtitle":"S","color":"#000000","aspect":1}]"##)
                == #"test.json: item 1: field "category" is missing"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":""}]"##)
                == #"test.json: item 0: "category" is empty"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"  "}]"##)
                == #"test.json: item 0: "category" is empty"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":3}]"##)
                == #"test.json: item 0: field "category" should be a string"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"C","banner":"yes"}]"##)
                == #"test.json: item 0: field "banner" should be a boolean"#)
    }

    @Test func groupingKeepsFirstAppearanceOrderAndItemOrder() {
        func item(_ title: String, _ category: String, banner: Bool = false) -> CatalogItem {
            CatalogItem(title: title, subtitle: "", color: Color(rgb: 0), aspect: 1, category: category, banner: banner)
        }
        let a = item("A", "Y"), b = item("B", "X"), c = item("C", "Y", banner: true), d = item("D", "Z")
        let e = item("E", "X"), f = item("F", "Y")
        #expect(CatalogSection.grouping([a, b, c, d, e, f]) == [
            CatalogSection(category: "Y", items: [a, c, f]),
            CatalogSection(category: "X", items: [b, e]),
            CatalogSection(category: "Z", items: [d]),
        ])
        #expect(CatalogSection.grouping([]) == [])
    }

    @Test func errorsNameTheItemAndTheProblem() {
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"C"},{"title":"T","subtitle":"S","aspect":1,"category":"C"}]"##)
                == #"test.json: item 1: field "color" is missing"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":"tall","category":"C"}]"##)
                == #"test.json: item 0: field "aspect" should be a number"#)
        #expect(error(of: ##"[{"title":"","subtitle":"S","color":"#000000","aspect":1,"category":"C"}]"##)
                == #"test.json: item 0: "title" is empty"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":-1,"category":"C"}]"##)
                == #"test.json: item 0: "aspect" is -1.0; expected a number greater than 0 and at most 20.0"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":0,"category":"C"}]"##)
                == #"test.json: item 0: "aspect" is 0.0; expected a number greater than 0 and at most 20.0"#)
        #expect(error(of: ##"{"title":"T"}"##) == "test.json: expected a JSON array of items")
        #expect(error(of: "[{").hasPrefix("test.json: not valid JSON"))
    }

    @Test func synthesisedItemsAreDeterministicAndValid() {
        let first = (0..<1000).map(CatalogItem.synthesized(index:))
        #expect(first == (0..<1000).map(CatalogItem.synthesized(index:)))
        #expect(first.allSatisfy { $0.aspect >= 0.5 && $0.aspect <= 1.8 })
        #expect(Set(first.map(\.color)).count > 900)
        #expect(first[41].title == "Card 42")
        #expect(first.allSatisfy { $0.category == "Synthesised" && !$0.banner })
    }

    @Test func cardHeightIsThePictureAtTheColumnWidthPlusTheCaption() {
        #expect(CardMetrics.height(aspect: 1.5, columnWidth: 200) == 340)
        #expect(CardMetrics.height(aspect: 0.56, columnWidth: 190.4) == 147)  // 106.624 rounds to 107, plus 40
    }
}
