import Foundation
import Testing
import XvfbSupport

/// The program's command line: the layout subcommand's exact output, the catalog found from anywhere,
/// and clear errors with the right exit status.
struct CommandLineTests {
    @Test func layoutPrintsExactFramesForFixedHeights() throws {
        let output = try runLayoutCommand(["--width", "400", "--columns", "2", "--insets", "10,10,10,10",
                                           "--column-spacing", "10", "--row-spacing", "5", "--heights", "100,50,60,10"])
        // Column width (400 - 20 - 10) / 2 = 185. Item 2 goes under item 1 (column 1 is shorter: 60 < 110),
        // item 3 under item 0 (110 < 125).
        #expect(output.items == [
            LaidOutItem(kind: "cell", section: 0, index: 0, column: 0, x: 10, y: 10, width: 185, height: 100),
            LaidOutItem(kind: "cell", section: 0, index: 1, column: 1, x: 205, y: 10, width: 185, height: 50),
            LaidOutItem(kind: "cell", section: 0, index: 2, column: 1, x: 205, y: 65, width: 185, height: 60),
            LaidOutItem(kind: "cell", section: 0, index: 3, column: 0, x: 10, y: 115, width: 185, height: 10),
        ])
        #expect(output.summary.int("columns") == 2)
        #expect(output.summary.double("columnWidth") == 185)
        #expect(output.summary.double("contentHeight") == 135)  // column 1 ends at 125, plus the 10 px bottom inset
    }

    @Test func placementRightToLeftFillsRowsFromTheRight() throws {
        let output = try runLayoutCommand(["--width", "340", "--columns", "3", "--insets", "10,10,10,10", "--column-spacing", "10",
                                           "--row-spacing", "10", "--placement", "rtl", "--heights", "100,20,30,40"])
        #expect(output.items.map(\.column) == [2, 1, 0, 2])
        #expect(output.items.map(\.y) == [10, 10, 10, 120])
        #expect(output.items.map(\.x) == [230, 120, 10, 230])
    }

    @Test func layoutUsesThePolicyForTheGivenSize() throws {
        let portrait = try runLayoutCommand(["--width", "600", "--height", "900", "--heights", "10"])
        let landscape = try runLayoutCommand(["--width", "900", "--height", "600", "--heights", "10"])
        let threshold = try runLayoutCommand(["--width", "700", "--height", "900", "--landscape-width", "700", "--heights", "10"])
        #expect(portrait.summary.int("columns") == 3)
        #expect(landscape.summary.int("columns") == 5)
        #expect(threshold.summary.int("columns") == 5)
    }

    @Test func theCatalogIsFoundFromAnotherDirectory() throws {
        let output = try runLayoutCommand(["--width", "800"], directory: NSTemporaryDirectory())
        #expect(output.items.count == 240)
        #expect(output.items.map(\.index) == Array(0..<240))
    }

    @Test func theCatalogIsLaidOutInSectionsWithHeadersBannersAndAFooter() throws {
        let output = try runLayoutCommand(["--width", "800", "--columns", "3"])
        #expect(output.summary.int("sections") == 6)
        // Per section: its header, its 40 cards, and after the last one the footer.
        let kinds = output.elements.map(\.kind)
        #expect(kinds.filter { $0 == "header" }.count == 6)
        #expect(kinds.filter { $0 == "footer" }.count == 1)
        #expect(kinds.last == "footer")
        #expect(output.elements.filter { $0.kind == "header" }.map(\.section) == Array(0..<6))
        for section in 0..<6 {
            let cards = output.items.filter { $0.section == section }
            #expect(cards.map(\.index) == Array(section * 40..<section * 40 + 40))
        }
        // The header sits at the top inset, full width inside the insets; the columns start 12 below it.
        let header = try #require(output.elements.first)
        #expect(header == LaidOutItem(kind: "header", section: 0, index: -1, column: -1, x: 12, y: 12, width: 776, height: 32))
        #expect(output.items.prefix(3).map(\.y) == [56, 56, 56])
        // Four banners, item 7 of sections 0, 2, 3 and 5, as wide as the three columns; nothing in a column overlaps one.
        let banners = output.items.filter { $0.kind == "banner" }
        #expect(banners.map(\.index) == [7, 87, 127, 207])
        #expect(banners.allSatisfy { $0.x == 12 && $0.width == 776 })
        for banner in banners {
            let overlapping = output.items.filter { $0.index != banner.index && $0.y < banner.y + banner.height && banner.y < $0.y + $0.height }
            #expect(overlapping.isEmpty, "banner \(banner.index) overlaps \(overlapping.map(\.index))")
        }
        // Each section starts below the tallest column of the one before: its header is below every card before it.
        for header in output.elements.filter({ $0.kind == "header" && $0.section > 0 }) {
            let bottom = output.items.filter { $0.section < header.section }.map { $0.y + $0.height }.max() ?? 0
            #expect(header.y == bottom + 12 + 12)  // the row spacing, then the next section's top inset
        }
        let footer = try #require(output.elements.last)
        #expect(output.summary.double("contentHeight") == footer.y + footer.height + 12)
    }

    @Test func noDisplayIsOneLineAndStatusOne() throws {
        let demo = try DemoProcess(arguments: [], display: nil)
        #expect(try demo.waitForExit() == 1)
        let lines = demo.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("$DISPLAY is not set") == true)
    }

    @Test func anUnreachableDisplayIsNamed() throws {
        let demo = try DemoProcess(arguments: [], display: ":4747")
        #expect(try demo.waitForExit() == 1)
        let lines = demo.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("cannot open X display ':4747' ($DISPLAY)") == true)
    }

    @Test func aBrokenCatalogIsNamedWithStatusTwo() throws {
        let path = NSTemporaryDirectory() + "waterfall-broken-\(getpid()).json"
        try Data(##"[{"title":"A","subtitle":"b","color":"#112233","aspect":1,"category":"C"},{"title":"B","subtitle":"c","color":"red","aspect":1,"category":"C"}]"##.utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let demo = try DemoProcess(arguments: ["layout", "--catalog", path], display: nil)
        #expect(try demo.waitForExit() == 2)
        #expect(demo.standardError == "waterfall-demo: \(path):1: item 1: \"color\" is \"red\"; expected #RRGGBB with six hexadecimal digits\n")
    }

    @Test(arguments: [["--columns", "0"], ["--columns", "65"], ["--portrait-columns", "-1"], ["--insets", "1,2,3"]])
    func invalidOptionsAreRefusedBeforeAWindowOpens(arguments: [String]) throws {
        let demo = try DemoProcess(arguments: arguments, display: ":4747")
        #expect(try demo.waitForExit() == 64)  // EX_USAGE, from swift-argument-parser
        #expect(demo.standardError.contains(arguments[0]))
        #expect(!demo.standardError.contains("cannot open X display"))
    }
}
