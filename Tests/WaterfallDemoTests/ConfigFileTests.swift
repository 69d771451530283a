import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// `$XDG_CONFIG_HOME/waterfall/config.toml`: what it sets reaches the wall (seen through `--print-layout`, which lays
/// out as the window does), options win over it, and a wrong file gets messages naming its lines and keys while the
/// program goes on with the defaults.
@Suite(.serialized) struct ConfigFileTests {
    /// A scratch `XDG_CONFIG_HOME` (and state home) with a folder of six 4:3 photos.
    final class Home {
        let folder: GeneratedImages
        var config: String { folder.path("config") }
        var photos: String { folder.path("photos") }
        var environment: [String: String] { ["XDG_CONFIG_HOME": config, "XDG_STATE_HOME": folder.path("state")] }

        init() throws {
            folder = try GeneratedImages()
            try FileManager.default.createDirectory(atPath: config + "/waterfall", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
            for index in 0..<6 { try folder.image("photos/p\(index).png", width: 400, height: 300) }
        }

        func write(_ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: config + "/waterfall/config.toml"))
        }

        /// `waterfall --print-layout` of the photos in a 1000 × 700 cards' area with `arguments`: the summary line and
        /// what it printed on standard error.
        func layout(_ arguments: [String] = []) throws -> (summary: Event, errors: String) {
            let process = try DemoProcess(
                executable: "waterfall",
                arguments: ["--print-layout", photos, "--width", "1000", "--height", "700"] + arguments,
                display: nil, environment: environment)
            #expect(try process.waitForExit() == 0, "\(process.standardError)")
            return (try #require(process.events.last), process.standardError)
        }
    }

    /// `waterfall --print-config`.
    func printedConfig() throws -> String {
        let process = try DemoProcess(executable: "waterfall", arguments: ["--print-config"], display: nil)
        #expect(try process.waitForExit() == 0)
        return String(decoding: process.standardOutput, as: UTF8.self)
    }

    @Test func thePrintedConfigIsTheDefaultsEveryActionIncludedAndReadsBackWithoutAWord() throws {
        let text = try printedConfig()
        for line in [
            "card-width = 0", "portrait-columns = 3", "landscape-columns = 5", "spacing = 12", "sort = \"name\"",
            "background = \"#ECEFF3\"", "status-bar = \"#2B2F36\"", "lightbox = \"#101113\"", "delay = 5",
            "memory-mb = 256", "roots = []", "poll-seconds = 10",
            "shared-thumbnails = true", "nul-separated = false", "[keys.global]", "[keys.wall]", "[keys.lightbox]",
            "quit = [\"q\"]", "fullscreen = [\"f\", \"F11\"]", "key-handler = [\"Ctrl+x\"]", "copy = [\"Ctrl+c\"]",
            "grid-zoom-in = [\"plus\", \"equal\", \"KP_Add\", \"Ctrl+WheelUp\"]", "info = [\"i\"]",
            "close = [\"Escape\"]", "play = [\"Return\", \"KP_Enter\"]",
        ] {
            #expect(text.split(separator: "\n").contains(Substring(line)), "\(line)")
        }
        // Every setting and action has its comment on the line above.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains(" = ") && !line.hasPrefix("#") {
            #expect(index > 0 && lines[index - 1].hasPrefix("# "), "no comment above \(line)")
        }
        let home = try Home()
        let plain = try home.layout()
        try home.write(text)
        let read = try home.layout()
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.summary.int("columns") == plain.summary.int("columns"))
        #expect(read.summary.double("contentHeight") == plain.summary.double("contentHeight"))
    }

    @Test func itsSettingsReachTheWallAndOptionsWinOverThem() throws {
        let home = try Home()
        #expect(try home.layout().summary.int("columns") == 5)
        try home.write("[wall]\ncard-width = 300\nspacing = 20\n")
        // (1000 - 40 + 20) / (300 + 20): 3 columns of (960 - 40) / 3.
        let wide = try home.layout().summary
        #expect(wide.int("columns") == 3)
        #expect(wide.double("columnWidth") == (960.0 - 40) / 3)
        #expect(try home.layout(["--columns", "2"]).summary.int("columns") == 2)
        #expect(try home.layout(["--card-width", "460"]).summary.int("columns") == 2)  // (960 + 20) / (460 + 20)
        try home.write("[wall]\nportrait-columns = 2\nlandscape-columns = 4\n")
        #expect(try home.layout().summary.int("columns") == 4)
        #expect(try home.layout(["--landscape-columns", "6"]).summary.int("columns") == 6)
        // wall.info-captions gives every card a third caption line from the start, as --info-captions does.
        try home.write("[wall]\ninfo-captions = true\n")
        let withInfo = try home.layout().summary
        let without = try home.layout(["--config", "/dev/null"]).summary
        #expect(withInfo.double("contentHeight").map { $0 > (without.double("contentHeight") ?? .infinity) } == true)
        #expect(
            withInfo.double("contentHeight")
                == (try home.layout(["--config", "/dev/null", "--info-captions"]).summary.double("contentHeight")))
        // --config names another file.
        let other = home.folder.path("other.toml")
        try Data("[wall]\nlandscape-columns = 7\n".utf8).write(to: URL(fileURLWithPath: other))
        #expect(try home.layout(["--config", other]).summary.int("columns") == 7)
    }

    @Test func givenNoPathTheLibrarysRootsAreShownTheirTildeTheHome() throws {
        let home = try Home()
        try FileManager.default.createDirectory(atPath: home.folder.path("more"), withIntermediateDirectories: true)
        for index in 0..<2 { try home.folder.image("more/m\(index).png", width: 400, height: 300) }
        try home.write("[library]\nroots = [\"~/photos\", \"\(home.folder.path("more"))\"]\npoll-seconds = 2\n")
        let process = try DemoProcess(
            executable: "waterfall", arguments: ["--print-layout", "--width", "1000", "--height", "700"],
            display: nil, environment: home.environment.merging(["HOME": home.folder.root]) { $1 })
        #expect(try process.waitForExit() == 0, "\(process.standardError)")
        #expect(process.standardError == "")
        let summary = try #require(process.events.last)
        #expect(summary.int("items") == 8)  // the six photos of ~/photos and the two of more
        try home.write("[library]\npoll-seconds = 0.1\n")
        let wrong = try home.layout()
        #expect(wrong.errors.contains("library.poll-seconds"))
    }

    @Test func aWrongSettingKeepsItsDefaultWithAMessageNamingItsLineAndKey() throws {
        let home = try Home()
        try home.write(
            """
            # mine
            [wall]
            card-width = 300
            spacing = "wide"
            bogus = 1
            sort = "colour"

            [look]
            background = "pink"

            [slideshow]
            delay = 0

            [keys.wall]
            fly = ["x"]

            [keys.lightbox]
            next = ["Ctrl+Hyper+x"]
            close = 3
            """)
        let (summary, errors) = try home.layout()
        let path = home.config + "/waterfall/config.toml"
        #expect(
            errors.split(separator: "\n").map(String.init) == [
                "waterfall: \(path):4: wall.spacing must be a number; its default is used",
                "waterfall: \(path):5: wall.bogus is not a setting of waterfall (see waterfall --print-config); it is ignored",
                "waterfall: \(path):6: wall.sort is \"colour\"; it must be one of \"name\", \"time\", \"size\", \"taken\"; its default is used",
                "waterfall: \(path):9: look.background is \"pink\"; a colour is \"#RRGGBB\"; its default is used",
                "waterfall: \(path):12: slideshow.delay is 0; it must be from 0.1 to 3600; its default is used",
                "waterfall: \(path):15: keys.wall.fly is not an action of the wall keys (see waterfall --print-config); it is ignored",
                "waterfall: \(path):18: keys.lightbox.next has \"Ctrl+Hyper+x\", which is not a key: write modifiers (Ctrl, Shift, Alt) and a key name joined by +, as \"Ctrl+plus\"; its default is used",
                "waterfall: \(path):19: keys.lightbox.close must be a key or an array of keys, as [\"q\", \"Ctrl+w\"]; its default is used",
            ])
        // What was right still applies: card-width 300 in 12-point spacing gives 3 columns.
        #expect(summary.int("columns") == 3)
    }

    @Test func aFileThatIsNotTOMLIsNotUsedAndSaysWhere() throws {
        let home = try Home()
        try home.write("[wall]\ncard-width = 300\n[look\nfont = \"x\"\n")
        let (summary, errors) = try home.layout()
        let path = home.config + "/waterfall/config.toml"
        #expect(errors.hasPrefix("waterfall: \(path):3: "), "\(errors)")
        #expect(errors.hasSuffix("; the file is not used\n"), "\(errors)")
        #expect(summary.int("columns") == 5)
        // A --config file that is not there is named; the default file missing is no message at all.
        let missing = try home.layout(["--config", home.folder.path("nowhere.toml")])
        #expect(
            missing.errors.hasPrefix("waterfall: \(home.folder.path("nowhere.toml")): cannot be read"),
            "\(missing.errors)")
        try FileManager.default.removeItem(atPath: path)
        #expect(try home.layout().errors.isEmpty)
    }
}

/// docs/keys.md lists every binding of `waterfall --print-config` with its action name, as scripts/keys-table.py
/// prints them: a binding added or changed without the docs fails here.
@Suite struct KeyDocsTests {
    @Test func theKeysDocumentListsEveryBindingByActionName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let program = try DemoProcess.executableURL(named: "waterfall").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("scripts/keys-table.py").path, program]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let table = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let docs = try String(contentsOf: root.appendingPathComponent("docs/keys.md"), encoding: .utf8)
        #expect(table.contains("| `grid-zoom-in` | `plus`, `equal`, `KP_Add`, `Ctrl+WheelUp` |"))
        #expect(table.contains("| `zoom-fit` | `w` |"))
        #expect(docs.contains(table), "docs/keys.md differs from scripts/keys-table.py's output:\n\(table)")
    }
}

/// The config file under Xvfb: keys rebound by action name do their new actions through real key presses (and the
/// old keys nothing), and its colours are what the screen shows on the wall, the status bar and the lightbox.
@Suite(.serialized) struct KeyBindingWindowTests {
    @Test func reboundKeysAndColoursAreWhatThePersonGets() throws {
        let folder = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: folder.path("photos"), withIntermediateDirectories: true)
        for index in 0..<6 { try folder.image("photos/p\(index).png", width: 400, height: 300, colour: "#808080") }
        try FileManager.default.createDirectory(
            atPath: folder.path("config/waterfall"), withIntermediateDirectories: true)
        try Data(
            """
            [look]
            background = "#FF00FF"
            status-bar = "#00A000"
            lightbox = "#0000C0"

            [keys.global]
            quit = ["x"]

            [keys.wall]
            grid-zoom-in = ["g"]

            [keys.lightbox]
            next = ["n"]
            """.utf8
        ).write(to: URL(fileURLWithPath: folder.path("config/waterfall/config.toml")))
        let demo = try RunningDemo(
            [folder.path("photos"), "--width", "800", "--height", "620"], executable: "waterfall",
            environment: ["XDG_CONFIG_HOME": folder.path("config")])
        let walked = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try demo.process.waitForEvent(after: walked.position, "a frame with every thumbnail") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        var shot = try demo.screenshot()
        #expect(shot.pixel(x: 4, y: 4) == RGB(0xFF00FF))  // the inset around the cards
        #expect(shot.pixel(x: 797, y: 618) == RGB(0x00A000))  // the status bar's right end, past its text
        #expect(demo.process.standardError.isEmpty, "\(demo.process.standardError)")

        // q quits no more: the key is logged with no action, and the window goes on to zoom with g.
        var mark = demo.eventCount
        try demo.key("q")
        try demo.key("g")
        try demo.process.waitForEvent(after: mark, "the zoom by g") { $0.name == "layout" && $0.int("columns") == 4 }
        let keys = demo.events(named: "key", after: mark).map {
            "\($0.string("chord") ?? "?") \($0.string("action") ?? "-")"
        }
        #expect(keys == ["q -", "g grid-zoom-in"])

        // The lightbox: its colour, and n for the next photo.
        mark = demo.eventCount
        try demo.key("Right")  // focuses and selects the first card in view
        try demo.process.waitForEvent(after: mark, "the selection") { $0.name == "select" && $0.int("index") == 0 }
        try demo.key("Return")
        try demo.waitForLightbox("picture", index: 0, after: mark)
        shot = try demo.screenshot()
        #expect(shot.pixel(x: 2, y: 2) == RGB(0x0000C0))
        try demo.key("n")
        try demo.waitForLightbox("show", index: 1, after: mark)
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: 1, after: mark)
        try demo.key("x")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.events.last { $0.name == "exit" }?.string("reason") == "key")
        demo.expectNoXErrors()
    }
}
