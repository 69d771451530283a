import Foundation
import Testing
import XvfbSupport

/// The program's command line: the layout subcommand's exact output, the catalog found from anywhere,
/// and clear errors with the right exit status.
struct CommandLineTests {
    @Test func layoutPrintsExactFramesForFixedHeights() throws {
        let output = try runLayoutCommand([
            "--width", "400", "--columns", "2", "--insets", "10,10,10,10",
            "--column-spacing", "10", "--row-spacing", "5", "--heights", "100,50,60,10",
        ])
        // Column width (400 - 20 - 10) / 2 = 185. Item 2 goes under item 1 (column 1 is shorter: 60 < 110),
        // item 3 under item 0 (110 < 125).
        #expect(
            output.items == [
                LaidOutItem(kind: "cell", section: 0, index: 0, column: 0, x: 10, y: 10, width: 185, height: 100),
                LaidOutItem(kind: "cell", section: 0, index: 1, column: 1, x: 205, y: 10, width: 185, height: 50),
                LaidOutItem(kind: "cell", section: 0, index: 2, column: 1, x: 205, y: 65, width: 185, height: 60),
                LaidOutItem(kind: "cell", section: 0, index: 3, column: 0, x: 10, y: 115, width: 185, height: 10),
            ])
        #expect(output.summary.int("columns") == 2)
        #expect(output.summary.double("columnWidth") == 185)
        #expect(output.summary.double("contentHeight") == 135)  // column 1 ends at 125, plus the 10 px bottom inset
    }

    /// `--heights ''`: one section without items or header, as tall as its top and bottom insets.
    @Test(arguments: [
        ([String](), #"{"columns":4,"columnWidth":232,"contentHeight":24,"sections":1,"items":0}"#),
        (["--insets", "30,12,7,12"], #"{"columns":4,"columnWidth":232,"contentHeight":37,"sections":1,"items":0}"#),
    ])
    func emptyHeightsPrintTheEmptyLayout(insets: [String], summary: String) throws {
        let layout = try DemoProcess(
            arguments: ["layout", "--width", "988", "--height", "700", "--columns", "4", "--heights", ""] + insets,
            display: nil)
        #expect(try layout.waitForExit() == 0, "\(layout.standardError)")
        #expect(layout.lines == [summary])
        #expect(layout.standardError == "")
    }

    @Test func placementRightToLeftFillsRowsFromTheRight() throws {
        let output = try runLayoutCommand([
            "--width", "340", "--columns", "3", "--insets", "10,10,10,10", "--column-spacing", "10",
            "--row-spacing", "10", "--placement", "rtl", "--heights", "100,20,30,40",
        ])
        #expect(output.items.map(\.column) == [2, 1, 0, 2])
        #expect(output.items.map(\.y) == [10, 10, 10, 120])
        #expect(output.items.map(\.x) == [230, 120, 10, 230])
    }

    @Test func layoutUsesThePolicyForTheGivenSize() throws {
        let portrait = try runLayoutCommand(["--width", "600", "--height", "900", "--heights", "10"])
        let landscape = try runLayoutCommand(["--width", "900", "--height", "600", "--heights", "10"])
        let threshold = try runLayoutCommand([
            "--width", "700", "--height", "900", "--landscape-width", "700", "--heights", "10",
        ])
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
        #expect(
            header
                == LaidOutItem(kind: "header", section: 0, index: -1, column: -1, x: 12, y: 12, width: 776, height: 32))
        #expect(output.items.prefix(3).map(\.y) == [56, 56, 56])
        // Four banners, item 7 of sections 0, 2, 3 and 5, as wide as the three columns; nothing in a column overlaps one.
        let banners = output.items.filter { $0.kind == "banner" }
        #expect(banners.map(\.index) == [7, 87, 127, 207])
        #expect(banners.allSatisfy { $0.x == 12 && $0.width == 776 })
        for banner in banners {
            let overlapping = output.items.filter {
                $0.index != banner.index && $0.y < banner.y + banner.height && banner.y < $0.y + $0.height
            }
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

    @Test func aDisplayThatRefusesTheConnectionIsOneLineWithTheServersReason() throws {
        let xvfb = try XvfbServer(refusingClients: true)
        let demo = try DemoProcess(arguments: [], display: xvfb.display)
        #expect(try demo.waitForExit() == 1)
        let lines = demo.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 1)
        let prefix =
            "waterfall-demo: cannot open X display '\(xvfb.display)' ($DISPLAY): the server refused the connection: "
        #expect(lines.first?.hasPrefix(prefix) == true, "\(lines)")
        // libX11's own words, which it would otherwise print on a line of their own.
        #expect(lines.first.map { $0.dropFirst(prefix.count).contains("uthoriz") } == true, "\(lines)")
    }

    @Test func aBrokenCatalogIsNamedWithStatusTwo() throws {
        let path = NSTemporaryDirectory() + "waterfall-broken-\(getpid()).json"
        try Data(
            ##"[{"title":"A","subtitle":"b","color":"#112233","aspect":1,"category":"C"},{"title":"B","subtitle":"c","color":"red","aspect":1,"category":"C"}]"##
                .utf8
        )
        .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let demo = try DemoProcess(arguments: ["layout", "--catalog", path], display: nil)
        #expect(try demo.waitForExit() == 2)
        #expect(
            demo.standardError
                == "waterfall-demo: \(path):1: item 1: \"color\" is \"red\"; expected #RRGGBB with six hexadecimal digits\n"
        )
    }

    @Test(arguments: [["--columns", "0"], ["--columns", "65"], ["--portrait-columns", "-1"], ["--insets", "1,2,3"]])
    func invalidOptionsAreRefusedBeforeAWindowOpens(arguments: [String]) throws {
        let demo = try DemoProcess(arguments: arguments, display: ":4747")
        #expect(try demo.waitForExit() == 64)  // EX_USAGE, from swift-argument-parser
        #expect(demo.standardError.contains(arguments[0]))
        #expect(!demo.standardError.contains("cannot open X display"))
    }

    /// Each refusal says the allowed range, exits 64 and comes before any display is needed: with `$DISPLAY`
    /// unset, the option's error is printed, not the display's.
    @Test(arguments: [
        (["--columns", "0"], "--columns is 0; it must be from 1 to 64"),
        (["--columns=-3"], "--columns is -3; it must be from 1 to 64"),
        (["--landscape-columns", "65"], "--landscape-columns is 65; it must be from 1 to 64"),
        (["--items", "50000001"], "--items is 50000001; it must be from 0 to 50000000"),
        (["--items=-1"], "--items is -1; it must be from 0 to 50000000"),
        (["--width=-5"], "--width is -5.0; it must be from 1 to 32767"),
        (["--height", "0"], "--height is 0.0; it must be from 1 to 32767"),
        (["--row-spacing=-1"], "--row-spacing is -1.0; it must be a number from 0 to 32767"),
        // Found by the fuzz target: a row spacing of 1e308 passed, and the layout's frames overflowed to infinity.
        (
            ["layout", "--items", "5", "--row-spacing", "1e308"],
            "--row-spacing is 1e+308; it must be a number from 0 to 32767"
        ),
        (
            ["--columns", "1", "--column-spacing", "40000"],
            "--column-spacing is 40000.0; it must be a number from 0 to 32767"
        ),
        (["--landscape-width", "nan"], "--landscape-width is nan; it must be a number of 0 or more"),
        (["--insets", "1,2,3"], "--insets is '1,2,3'; it must be four numbers from 0 to 32767, top,left,bottom,right"),
        (
            ["--insets", "1,-2,3,4"],
            "--insets is '1,-2,3,4'; it must be four numbers from 0 to 32767, top,left,bottom,right"
        ),
        (["--insets", "1,2,3,40000"], "--insets is '1,2,3,40000'; each inset must be from 0 to 32767"),
        (
            ["--columns", "3", "--width", "700", "--insets", "12,300,12,300", "--column-spacing", "50"],
            "--insets 12,300,12,300 and --column-spacing 50 leave 3 columns -4 px wide in the 688 px wide cards' area; "
                + "each column must be at least 1 px wide, so left + right insets + 2 × spacing must be at most 685 px"
        ),
        (
            ["layout", "--width", "100", "--columns", "64", "--heights", "1"],
            "--insets 12,12,12,12 and --column-spacing 12 leave 64 columns -10.625 px wide in the 100 px wide cards' area; "
                + "each column must be at least 1 px wide, so left + right insets + 63 × spacing must be at most 36 px"
        ),
        (
            ["bench", "--width", "200", "--columns", "3", "--column-spacing", "90"],
            "--insets 12,12,12,12 and --column-spacing 90 leave 3 columns -5.333333333333333 px wide in the 188 px wide cards' area; "
                + "each column must be at least 1 px wide, so left + right insets + 2 × spacing must be at most 185 px"
        ),
    ])
    func refusedOptionsSayTheAllowedRange(arguments: [String], message: String) throws {
        let demo = try DemoProcess(arguments: arguments, display: nil)
        #expect(try demo.waitForExit() == 64)
        #expect(demo.standardError.split(separator: "\n").first.map(String.init) == "Error: " + message)
        #expect(!demo.standardError.contains("DISPLAY"))
    }

    /// An empty height between commas is a typo, not a height to skip.
    @Test func anEmptyHeightInTheListIsRefused() throws {
        let demo = try DemoProcess(arguments: ["layout", "--heights", "1,,2"], display: nil)
        #expect(try demo.waitForExit() == 64)
        #expect(
            demo.standardError.split(separator: "\n").first
                == "Error: The value '1,,2' is invalid for '--heights <h1,h2,...>'")
    }

    @Test func insetsThatLeaveOnePixelColumnsAreAccepted() throws {
        // 400 - 12 (scroll bar) - 2 × 100 - 2 × 93 = 2 px for 2 columns: 1 px each.
        let output = try runLayoutCommand([
            "--width", "388", "--columns", "2", "--insets", "0,100,0,100", "--column-spacing", "186",
            "--heights", "5",
        ])
        #expect(output.summary.double("columnWidth") == 1)
    }

    @Test func anEmptyOrHugeCatalogIsRefusedWithStatusTwo() throws {
        let path = NSTemporaryDirectory() + "waterfall-empty-\(getpid()).json"
        try Data("[]".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let empty = try DemoProcess(arguments: ["--catalog", path], display: nil)
        #expect(try empty.waitForExit() == 2)
        #expect(
            empty.standardError
                == "waterfall-demo: \(path): the catalog has no items; it needs at least one (--items 0 shows the empty view)\n"
        )
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 200 << 20)  // sparse
        try handle.close()
        let huge = try DemoProcess(arguments: ["layout", "--catalog", path], display: nil)
        #expect(try huge.waitForExit() == 2)
        #expect(
            huge.standardError
                == "waterfall-demo: \(path): the file is 209715200 bytes; a catalog may be at most 67108864 bytes (64 MiB)\n"
        )
    }
}
