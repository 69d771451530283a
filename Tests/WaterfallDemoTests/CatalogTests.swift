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
        #expect(items[0] == CatalogItem(title: "Bright Lantern", subtitle: "Collage by Chloe", color: Color(rgb: 0x909DA6), aspect: 0.56))
    }

    @Test func validItemsParse() throws {
        let items = try parse(##"[{"title":"T","subtitle":"S","color":"#0a64ff","aspect":1.5}]"##)
        #expect(items == [CatalogItem(title: "T", subtitle: "S", color: Color(rgb: 0x0A64FF), aspect: 1.5)])
    }

    @Test func errorsNameTheItemAndTheProblem() {
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1},{"title":"T","subtitle":"S","aspect":1}]"##)
                == #"test.json: item 1: field "color" is missing"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":"tall"}]"##)
                == #"test.json: item 0: field "aspect" should be a number"#)
        #expect(error(of: ##"[{"title":"","subtitle":"S","color":"#000000","aspect":1}]"##)
                == #"test.json: item 0: "title" is empty"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":-1}]"##)
                == #"test.json: item 0: "aspect" is -1.0; expected a number greater than 0 and at most 20.0"#)
        #expect(error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":0}]"##)
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
    }

    @Test func cardHeightIsThePictureAtTheColumnWidthPlusTheCaption() {
        #expect(CardMetrics.height(aspect: 1.5, columnWidth: 200) == 340)
        #expect(CardMetrics.height(aspect: 0.56, columnWidth: 190.4) == 147)  // 106.624 rounds to 107, plus 40
    }
}
