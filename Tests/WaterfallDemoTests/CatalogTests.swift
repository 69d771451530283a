import Foundation
import Testing
import Waterfall
import WaterfallCards

@testable import WaterfallDemoKit
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
        let path = try #require(Catalog.defaultPath(executablePath: "/proc/self/exe"))
        let items = try Catalog.load(path: path)
        #expect(items.count == 240)
        #expect(
            items[0]
                == CatalogItem(
                    title: "Bright Lantern", subtitle: "Print by Chloe", color: Color(rgb: 0x909DA6),
                    aspect: 0.56, category: "Photography", banner: false))
        #expect(
            items[7]
                == CatalogItem(
                    title: "Winter Valley", subtitle: "Print by Priya", color: Color(rgb: 0xA26D8C),
                    aspect: 0.4, category: "Photography", banner: true))
    }

    @Test func theBundledCatalogHasSixSectionsOfFortyAndFourBanners() throws {
        let path = try #require(Catalog.defaultPath(executablePath: "/proc/self/exe"))
        let items = try Catalog.load(path: path)
        let sections = CatalogSection.grouping(items)
        #expect(sections.map(\.category) == ["Photography", "Illustration", "Food", "Travel", "Crafts", "Maps"])
        #expect(sections.map(\.items.count) == [40, 40, 40, 40, 40, 40])
        #expect(sections.flatMap(\.items) == items)  // the file lists each category's items together
        #expect(items.filter(\.banner).count == 4)
        // One banner, the 8th item, in each of four sections; none in Illustration and Crafts.
        #expect(
            sections.map { section in section.items.indices.filter { section.items[$0].banner } } == [
                [7], [], [7], [7], [], [7],
            ])
        #expect(items.filter(\.banner).map(\.aspect) == [0.4, 0.4, 0.4, 0.4])
    }

    @Test func validItemsParse() throws {
        let items = try parse(
            ##"[{"title":"T","subtitle":"S","color":"#0a64ff","aspect":1.5,"category":"C","banner":true}]"##)
        #expect(
            items == [
                CatalogItem(
                    title: "T", subtitle: "S", color: Color(rgb: 0x0A64FF), aspect: 1.5, category: "C", banner: true)
            ])
    }

    @Test func bannerDefaultsToFalse() throws {
        let items = try parse(
            ##"[{"title":"T","subtitle":"S","color":"#0a64ff","aspect":1.5,"category":"C"},"##
                + ##"{"title":"U","subtitle":"S","color":"#0a64ff","aspect":1.5,"category":"C","banner":false}]"##)
        #expect(items.map(\.banner) == [false, false])
        #expect(
            items[0] == CatalogItem(title: "T", subtitle: "S", color: Color(rgb: 0x0A64FF), aspect: 1.5, category: "C"))
    }

    @Test func categoryAndBannerErrors() {
        #expect(
            error(
                of:
                    ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"C"},{"title":"T","subtitle":"S","color":"#000000","aspect":1}]"##
            )
                == #"test.json:1: item 1: field "category" is missing"#)
        #expect(
            error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":""}]"##)
                == #"test.json:1: item 0: "category" is empty"#)
        #expect(
            error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"  "}]"##)
                == #"test.json:1: item 0: "category" is empty"#)
        #expect(
            error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":3}]"##)
                == #"test.json:1: item 0: field "category" should be a string"#)
        #expect(
            error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"C","banner":"yes"}]"##)
                == #"test.json:1: item 0: field "banner" should be a boolean"#)
    }

    @Test func groupingKeepsFirstAppearanceOrderAndItemOrder() {
        func item(_ title: String, _ category: String, banner: Bool = false) -> CatalogItem {
            CatalogItem(title: title, subtitle: "", color: Color(rgb: 0), aspect: 1, category: category, banner: banner)
        }
        let a = item("A", "Y")
        let b = item("B", "X")
        let c = item("C", "Y", banner: true)
        let d = item("D", "Z")
        let e = item("E", "X")
        let f = item("F", "Y")
        #expect(
            CatalogSection.grouping([a, b, c, d, e, f]) == [
                CatalogSection(category: "Y", items: [a, c, f]),
                CatalogSection(category: "X", items: [b, e]),
                CatalogSection(category: "Z", items: [d]),
            ])
        #expect(CatalogSection.grouping([]) == [])
    }

    @Test func errorsNameTheItemAndTheProblem() {
        #expect(
            error(
                of:
                    ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"C"},{"title":"T","subtitle":"S","aspect":1,"category":"C"}]"##
            )
                == #"test.json:1: item 1: field "color" is missing"#)
        #expect(
            error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":"tall","category":"C"}]"##)
                == #"test.json:1: item 0: field "aspect" should be a number"#)
        #expect(
            error(of: ##"[{"title":"","subtitle":"S","color":"#000000","aspect":1,"category":"C"}]"##)
                == #"test.json:1: item 0: "title" is empty"#)
        #expect(
            error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":-1,"category":"C"}]"##)
                == #"test.json:1: item 0: "aspect" is -1.0; expected a number greater than 0 and at most 20.0"#)
        #expect(
            error(of: ##"[{"title":"T","subtitle":"S","color":"#000000","aspect":0,"category":"C"}]"##)
                == #"test.json:1: item 0: "aspect" is 0.0; expected a number greater than 0 and at most 20.0"#)
        #expect(error(of: ##"{"title":"T"}"##) == "test.json: expected a JSON array of items")
        #expect(error(of: "[{") == "test.json:1: not valid JSON (Unexpected end of file during JSON parse.)")
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
        #expect(CardMetrics().height(aspect: 1.5, columnWidth: 200) == 340)
        #expect(CardMetrics().height(aspect: 0.56, columnWidth: 190.4) == 147)  // 106.624 rounds to 107, plus 40
        // a caption of 2 × 17 + 2 + 12
        #expect(CardMetrics(lineHeight: 17).height(aspect: 1.5, columnWidth: 200) == 348)
    }

    private static let good = ##"{"title":"T","subtitle":"S","color":"#000000","aspect":1,"category":"C"}"##

    @Test func itemErrorsNameTheItemsLine() {
        let json =
            "[\n  " + Self.good
            + ",\n  {\"title\": \"[a, {b\\\"\",\n   \"subtitle\":\"S\",\"color\":\"#000000\",\"aspect\":1,\"category\":\"C\"},\n"
            + "  " + Self.good
            + ",\n\n  {\"title\":\"T\",\"subtitle\":\"S\",\"color\":\"#00000\",\"aspect\":1,\"category\":\"C\"}\n]"
        #expect(
            error(of: json)
                == ##"test.json:7: item 3: "color" is "#00000"; expected #RRGGBB with six hexadecimal digits"##)
        let missing = "[" + Self.good + ",\n" + Self.good + ",\n\n{\"title\":\"T\"}]"
        #expect(error(of: missing) == #"test.json:4: item 2: field "subtitle" is missing"#)
        let wrongType =
            "[\n" + Self.good + ",\n" + Self.good.replacingOccurrences(of: "\"aspect\":1", with: "\"aspect\":[1]") + "]"
        #expect(error(of: wrongType) == #"test.json:3: item 1: field "aspect" should be a number"#)
    }

    /// Invalid UTF-8 is named where it is: the line, the item and the byte, as other bad fields are.
    @Test func invalidUTF8IsRefusedWithTheLineAndTheItem() {
        var bytes = Array(("[\n" + Self.good + ",\n\n  {\"title\": \"Caf").utf8)
        let offset = bytes.count
        bytes += [0xC3, 0x28]  // a two-byte lead followed by no continuation
        bytes += Array(("\", \"subtitle\":\"S\",\"color\":\"#000000\",\"aspect\":1,\"category\":\"C\"}\n]").utf8)
        do {
            _ = try Catalog.parse(Data(bytes), path: "test.json")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(
                error.description
                    == "test.json:4: item 1: the text is not valid UTF-8: byte 0x28 at offset \(offset + 1) does not begin or continue a character"
            )
        }
        #expect(UTF8Check.firstInvalidByte(in: Data(Self.good.utf8)) == nil)
    }

    /// Each kind of ill-formed UTF-8 is found at its byte; well-formed text in every script is not.
    @Test func illFormedUTF8IsFoundAtItsByte() {
        let cases: [([UInt8], Int?)] = [
            (Array("瀑布流 東京の夜 한국어 Café 😀".utf8), nil),
            ([0x61, 0x80], 1),  // a continuation byte without a lead
            ([0xC0, 0x80], 0),  // an overlong form of NUL
            ([0xE0, 0x80, 0x80], 1),  // an overlong three-byte form
            ([0xED, 0xA0, 0x80], 1),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], 1),  // above U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], 0),  // a lead that begins nothing
            ([0x61, 0xE6, 0xB5], 2),  // a character cut short by the end
            ([0xFF], 0),
        ]
        for (bytes, expected) in cases {
            #expect(UTF8Check.firstInvalidByte(in: Data(bytes)) == expected, "\(bytes)")
        }
    }

    @Test func lineOfElementSkipsStringsAndNestedValues() {
        let data = Data("[\"a,{[\",\n[1,\n2],\n{\"k\":{\"x\":[3,4]}}\n, 5]".utf8)
        #expect((0..<4).map { JSONLines.lineOfElement($0, in: data) } == [1, 2, 4, 5])
        #expect(JSONLines.lineOfElement(4, in: data) == nil)
    }

    @Test func syntaxErrorsNameTheLine() {
        let good = Self.good
        #expect(
            error(of: "[\n" + good + ",\n{\"title\": tru}\n]")
                == "test.json:3: not valid JSON (Invalid value around character \(good.utf8.count + 17).)")
        #expect(
            error(
                of: "[\n" + good + ",\n  " + good.replacingOccurrences(of: "\"aspect\":1", with: "\"aspect\":1e400")
                    + "]") == "test.json:3: not valid JSON (Number 1e400 is not representable in Swift.)")
        #expect(
            error(of: "[\n" + good + ",\n\n{\"title\":")
                == "test.json:4: not valid JSON (Unexpected end of file during JSON parse.)")
    }

    @Test(arguments: ["1e400", "NaN", "-Infinity", "1e6", "21", "-0.0"])
    func absurdAspectsAreRefused(aspect: String) {
        let message = error(
            of: "[" + Self.good.replacingOccurrences(of: "\"aspect\":1", with: "\"aspect\":\(aspect)") + "]")
        #expect(message.hasPrefix("test.json:1: "), "\(message)")
        #expect(message.contains("aspect") || message.contains("not valid JSON"), "\(message)")
    }

    @Test func anEmptyCatalogIsRefused() {
        #expect(
            error(of: "[]")
                == "test.json: the catalog has no items; it needs at least one (--items 0 shows the empty view)")
        #expect(
            error(of: " [ \n ] ")
                == "test.json: the catalog has no items; it needs at least one (--items 0 shows the empty view)")
    }

    @Test func aMissingFileOrADirectoryIsNamed() {
        let missing = NSTemporaryDirectory() + "waterfall-no-such-\(getpid()).json"
        #expect(throws: CatalogError(path: missing, problem: "cannot read the file: No such file or directory")) {
            try Catalog.load(path: missing)
        }
        #expect(throws: CatalogError(path: "/tmp", problem: "is not a regular file; expected a catalog JSON file")) {
            try Catalog.load(path: "/tmp")
        }
    }

    @Test func aFileAboveTheLimitIsRefusedBeforeItIsRead() throws {
        let path = NSTemporaryDirectory() + "waterfall-huge-\(getpid()).json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("[".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 200 << 20)  // sparse: no 200 MB is written
        try handle.close()
        #expect(
            throws: CatalogError(
                path: path, problem: "the file is 209715200 bytes; a catalog may be at most 67108864 bytes (64 MiB)")
        ) {
            try Catalog.load(path: path)
        }
    }
}
