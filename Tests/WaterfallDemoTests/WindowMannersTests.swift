import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// What the program's window tells the desktop, read back through the server: its class, process, machine, type and
/// icon, and the startup notification it completes.
@Suite(.serialized)
struct WindowMannersTests {
    /// The pictures of a `_NET_WM_ICON` value: width, height, then width × height ARGB pixels, for each.
    static func icons(in property: WindowProperty) -> [(width: Int, height: Int, pixels: [UInt32])] {
        var icons: [(width: Int, height: Int, pixels: [UInt32])] = []
        var rest = property.items[...]
        while rest.count >= 2 {
            let width = Int(rest[rest.startIndex])
            let height = Int(rest[rest.startIndex + 1])
            let pixels = Array(rest.dropFirst(2).prefix(width * height))
            icons.append((width, height, pixels))
            rest = rest.dropFirst(2 + width * height)
        }
        return icons
    }

    @Test func theWindowNamesItsClassProcessMachineAndType() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let display = demo.xvfb.display
        #expect(try readProperty("WM_CLASS", of: demo.window, display: display)?.text == "waterfall-demo\0Waterfall\0")
        let pid = try #require(demo.process.processIdentifier)
        #expect(
            try readProperty("_NET_WM_PID", of: demo.window, display: display)
                == WindowProperty(type: "CARDINAL", format: 32, items: [UInt32(pid)]))
        let machine = try #require(try readProperty("WM_CLIENT_MACHINE", of: demo.window, display: display))
        #expect(machine.type == "STRING")
        #expect(machine.text == hostName)
        let type = try #require(try readProperty("_NET_WM_WINDOW_TYPE", of: demo.window, display: display))
        #expect(try atomNames(type.items, display: display) == ["_NET_WM_WINDOW_TYPE_NORMAL"])
        // Launched without DESKTOP_STARTUP_ID: no launch to end.
        #expect(try readProperty("_NET_STARTUP_ID", of: demo.window, display: display) == nil)
    }

    @Test func theIconIsALittleWaterfallOfCardsAt16_32And48Pixels() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let property = try #require(try readProperty("_NET_WM_ICON", of: demo.window, display: demo.xvfb.display))
        #expect(property.type == "CARDINAL" && property.format == 32)
        let icons = Self.icons(in: property)
        #expect(icons.map { "\($0.width)×\($0.height)" } == ["16×16", "32×32", "48×48"])
        #expect(icons.map(\.pixels.count) == [256, 1024, 2304])
        #expect(property.items.count == 3 * 2 + 256 + 1024 + 2304)
        func pixel(_ icon: Int, _ x: Int, _ y: Int) -> UInt32 { icons[icon].pixels[y * icons[icon].width + x] }
        let clear: UInt32 = 0
        let tile: UInt32 = 0xFFEC_EFF3
        let blue: UInt32 = 0xFF4C_6EF5
        let amber: UInt32 = 0xFFF5_9F00
        let teal: UInt32 = 0xFF12_B886
        let violet: UInt32 = 0xFF79_50F2
        // 16 px, a pixel a unit: the tile's corners cut by 2, columns at x 1, 6 and 11, 4 wide, cards from y 1.
        #expect(
            [pixel(0, 0, 0), pixel(0, 1, 0), pixel(0, 0, 1), pixel(0, 1, 15), pixel(0, 15, 15)] == [
                clear, clear, clear, clear, clear,
            ])
        #expect(
            [pixel(0, 2, 0), pixel(0, 0, 2), pixel(0, 5, 3), pixel(0, 3, 15), pixel(0, 1, 8)] == [
                tile, tile, tile, tile, tile,
            ])
        #expect(
            [pixel(0, 1, 1), pixel(0, 4, 7), pixel(0, 1, 9), pixel(0, 6, 1), pixel(0, 11, 1), pixel(0, 14, 9)]
                == [blue, blue, amber, teal, violet, violet])
        // 48 px, 3 px a unit: the cards' corners cut by 2 px.
        #expect([pixel(2, 3, 3), pixel(2, 4, 3), pixel(2, 3, 4), pixel(2, 18, 3)] == [tile, tile, tile, tile])
        #expect(
            [pixel(2, 5, 3), pixel(2, 4, 4), pixel(2, 9, 12), pixel(2, 16, 10), pixel(2, 19, 4)] == [
                blue, blue, blue, tile, teal,
            ])
        #expect([pixel(2, 0, 5), pixel(2, 0, 6), pixel(2, 47, 47)] == [clear, tile, clear])
        // Every pixel is the tile, a card's colour or clear: no stray colour.
        let palette: Set<UInt32> = [clear, tile, blue, amber, teal, violet, 0xFFE6_4980]
        #expect(icons.allSatisfy { $0.pixels.allSatisfy(palette.contains) })
    }

    @Test func launchedWithAStartupIDTheWindowCarriesItAndEndsTheLaunchOnceShown() throws {
        var launcher: StartupInfoListener?
        let id = #"waterfall-demo-4242-vm "twice" \ _TIME1234"#
        let demo = try RunningDemo(WindowTests.wallOptions, environment: ["DESKTOP_STARTUP_ID": id]) { xvfb in
            launcher = try StartupInfoListener(display: xvfb.display)  // listening before the program starts
        }
        defer {
            launcher?.close()  // while the server runs: the demo (and its server) go after it
            withExtendedLifetime(demo) {}
        }
        let message = try #require(launcher).waitForMessage()
        #expect(message.text == #"remove: ID="waterfall-demo-4242-vm \"twice\" \\ _TIME1234""#)
        #expect(message.isWellFormed)
        #expect(message.events == 3)
        let property = try #require(try readProperty("_NET_STARTUP_ID", of: demo.window, display: demo.xvfb.display))
        #expect(property.type == "UTF8_STRING")
        #expect(property.text == id)
        demo.expectNoXErrors()
    }

    @Test func launchedWithoutOneItSendsNoMessage() throws {
        var launcher: StartupInfoListener?
        let demo = try RunningDemo(WindowTests.wallOptions) { xvfb in
            launcher = try StartupInfoListener(display: xvfb.display)
        }
        defer {
            launcher?.close()
            withExtendedLifetime(demo) {}
        }
        // A key nothing uses, then a frame after it, synced with the server: the server has handled every request
        // the program made until then. The next message is then one another client sends after it.
        try xdotool(["key", "F12"], display: demo.xvfb.display)
        let key = try demo.process.waitForEvent("the F12 key") { $0.name == "input" && $0.string("key") == "F12" }
        try demo.syncWithAPull(after: key.position)
        try broadcastStartupMessage("marker", display: demo.xvfb.display)
        #expect(try #require(launcher).waitForMessage().text == "marker")
    }
}

/// `f` and F11 in `waterfall`: fullscreen as EWMH asks for it under a window manager that speaks it (openbox), and
/// by covering the screen itself without one; the wall and the lightbox both drawn there, and back.
@Suite(.serialized) struct FullscreenTests {
    static let screen = (width: 1280, height: 1024)
    static let colours = ["#C03020", "#2060B0", "#30A050"]

    /// A folder of three photos of their own colours, and `waterfall` on it at 800 × 620 in 3 columns (and
    /// `arguments`), every picture drawn; under openbox when `underOpenbox`, on a `screen` that `beforeLaunch` sets up.
    func launch(
        underOpenbox: Bool, arguments: [String] = [], screen: (width: Int, height: Int) = Self.screen,
        beforeLaunch: (XvfbServer) throws -> Void = { _ in }
    ) throws -> (demo: RunningDemo, folder: GeneratedImages, manager: Openbox?) {
        let folder = try GeneratedImages()
        for (index, colour) in Self.colours.enumerated() {
            try folder.image("p\(index).png", width: 400, height: 300, colour: colour)
        }
        var manager: Openbox?
        let demo: RunningDemo
        do {
            demo = try RunningDemo(
                [folder.root, "--width", "800", "--height", "620", "--columns", "3"] + arguments,
                executable: "waterfall", screen: screen
            ) { server in
                if underOpenbox { manager = try Openbox(display: server.display) }
                try beforeLaunch(server)
            }
        } catch {
            // A window never shown under openbox: whether it still runs, and what it said.
            throw X11TestError("\(error); \(manager?.state ?? "no window manager")")
        }
        let last = try demo.process.waitForEvent("three pictures") { _ in
            demo.events(named: "thumbnail", after: 0).count == 3
        }
        try demo.process.waitForEvent(after: last.position, "drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        return (demo, folder, manager)
    }

    /// Presses `key` and waits for the frame after the layout whose view is `width` × `height` points (the status
    /// bar's 20 below it); returns the screenshot then.
    func toggle(_ key: String, to size: (width: Int, height: Int), in demo: RunningDemo) throws -> Screenshot {
        let before = demo.eventCount
        try demo.key(key)
        let laidOut = try demo.process.waitForEvent(after: before, "the layout at \(size)") { event in
            event.name == "layout" && event.viewWidth == Double(size.width)
                && event.double("viewport", "height") == Double(size.height - 20)
        }
        try demo.process.waitForEvent(after: laidOut.position, "its pictures drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        return try demo.screenshot()
    }

    /// The atoms of the window's `_NET_WM_STATE`.
    func state(of demo: RunningDemo) throws -> [String] {
        try atomNames(
            readProperty("_NET_WM_STATE", of: demo.window, display: demo.xvfb.display)?.items ?? [],
            display: demo.xvfb.display)
    }

    /// Checks the wall in `shot`: every caption and the status bar have text, and each photo's colour fills its card.
    func expectWall(_ shot: Screenshot, of demo: RunningDemo, folder: GeneratedImages, state: String) throws {
        let text = ScreenText(demo, layoutArguments: ["--photos", folder.root, "--columns", "3"])
        let cards = try text.expectText(in: shot, state: state)
        #expect(cards.count == 3, "\(state): \(cards.count) cards in view")
        for card in cards {
            #expect(
                text.pictureCentre(of: card, offset: 0, in: shot)
                    == RGB(UInt32(Self.colours[card.index].dropFirst(), radix: 16) ?? 0),
                "\(state): card \(card.index)")
        }
    }

    @Test func underAnEWMHWindowManagerFAsksForFullscreenAndF11ComesBack() throws {
        let (demo, folder, manager) = try launch(underOpenbox: true)
        defer { withExtendedLifetime(manager) {} }
        let screen = Self.screen
        var shot = try toggle("f", to: screen, in: demo)
        #expect(try state(of: demo).contains("_NET_WM_STATE_FULLSCREEN"))
        #expect(demo.events(named: "fullscreen", after: 0).last?.fields["on"] as? Bool == true)
        try expectWall(shot, of: demo, folder: folder, state: "fullscreen")

        // The lightbox fills the screen too: the second photo fitted to 1280 × 1004, its colour in the middle.
        let cards = try ScreenText(demo, layoutArguments: ["--photos", folder.root, "--columns", "3"]).elements().filter
        { $0.kind == "cell" }
        let before = demo.eventCount
        try demo.movePointer(x: cards[1].midX, y: cards[1].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        try demo.waitForLightbox("picture", index: 1, after: before)
        shot = try demo.screenshot()
        #expect(shot.pixel(x: screen.width / 2, y: (screen.height - 20) / 2) == RGB(0x2060B0))
        #expect(shot.pixel(x: 4, y: (screen.height - 20) / 2) == RGB(0x101113))  // the lightbox's background beside it
        let escaped = demo.eventCount
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: 1, after: escaped)

        shot = try toggle("F11", to: (800, 620), in: demo)
        #expect(try !state(of: demo).contains("_NET_WM_STATE_FULLSCREEN"))
        #expect(demo.events(named: "fullscreen", after: 0).last?.fields["on"] as? Bool == false)
        try expectWall(shot, of: demo, folder: folder, state: "back from fullscreen")
        demo.expectNoXErrors()
    }

    @Test func withoutAWindowManagerTheWindowCoversTheScreenItselfAndComesBack() throws {
        let (demo, folder, _) = try launch(underOpenbox: false)
        var shot = try toggle("f", to: Self.screen, in: demo)
        try expectWall(shot, of: demo, folder: folder, state: "covering the screen")
        shot = try toggle("f", to: (800, 620), in: demo)
        try expectWall(shot, of: demo, folder: folder, state: "back")
        demo.expectNoXErrors()
    }

    /// A laptop's 1024 × 768 screen (LEFT, on the X screen's output) and an external one to its right (RIGHT), as
    /// `xrandr --setmonitor` makes them on a 2048 × 768 Xvfb, with the pointer on the right one at the launch: the
    /// window opens there, `f` covers that monitor alone (no window manager), and the lightbox and the slideshow fill
    /// it; the left monitor keeps showing the root's black.
    @Test func withTwoMonitorsItOpensOnThePointersAndCoversThatOneAlone() throws {
        let (demo, folder, _) = try launch(
            underOpenbox: false, arguments: ["--slideshow-delay", "0.2"], screen: (2048, 768)
        ) { server in
            _ = try runTool(
                "xrandr", ["--setmonitor", "LEFT", "1024/270x768/203+0+0", "screen"], display: server.display)
            _ = try runTool(
                "xrandr", ["--setmonitor", "RIGHT", "1024/270x768/203+1024+0", "none"], display: server.display)
            try xdotool(["mousemove", "1500", "300"], display: server.display)
        }
        let display = demo.xvfb.display
        func expectPlace(_ expected: (x: Int, y: Int, width: Int, height: Int), _ state: String) throws {
            let place = try windowPlace(of: demo.window, display: display)
            let found: [Int] = [place.x, place.y, place.width, place.height]
            let wanted: [Int] = [expected.x, expected.y, expected.width, expected.height]
            #expect(found == wanted, "\(state)")
        }
        /// Checks that the left monitor shows only the root's black: no part of the window reached it.
        func expectLeftMonitorEmpty(_ state: String) throws {
            let screen = try Screenshot.ofScreen(display: display)
            let lit = stride(from: 0, to: 1024, by: 8).flatMap { x in
                stride(from: 0, to: 768, by: 8).filter { y in screen.pixel(x: x, y: y) != RGB(0) }.map { (x, $0) }
            }
            #expect(
                lit.isEmpty,
                "\(state): \(lit.count) pixels lit on the left monitor, the first at \(lit.first.map { "\($0)" } ?? "")"
            )
        }
        #expect(demo.events(named: "start", after: 0).first?.string("monitor") == "RIGHT")
        try expectPlace((1024, 0, 800, 620), "opened")

        var shot = try toggle("f", to: (1024, 768), in: demo)
        try expectPlace((1024, 0, 1024, 768), "fullscreen")
        #expect(demo.events(named: "fullscreen", after: 0).last?.string("monitor") == "RIGHT")
        try expectWall(shot, of: demo, folder: folder, state: "fullscreen on the right monitor")
        try expectLeftMonitorEmpty("fullscreen")

        // The lightbox fills the right monitor: the second photo fitted to 1024 × 748, its colour in the middle.
        let cards = try ScreenText(demo, layoutArguments: ["--photos", folder.root, "--columns", "3"]).elements().filter
        { $0.kind == "cell" }
        var before = demo.eventCount
        try demo.movePointer(x: cards[1].midX, y: cards[1].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: display)
        try demo.waitForLightbox("picture", index: 1, after: before)
        shot = try Screenshot.ofScreen(display: display)
        #expect(shot.pixel(x: 1024 + 512, y: 374) == RGB(0x2060B0))
        #expect(shot.pixel(x: 1024 + 4, y: 374) == RGB(0x101113))  // the lightbox's background beside it
        try expectLeftMonitorEmpty("lightbox")

        // The slideshow goes on to the third photo there, the last, where it ends.
        before = demo.eventCount
        try demo.key("s")
        try demo.waitForLightbox("picture", index: 2, after: before)
        shot = try Screenshot.ofScreen(display: display)
        #expect(shot.pixel(x: 1024 + 512, y: 374) == RGB(0x30A050))
        try expectLeftMonitorEmpty("slideshow")
        before = demo.eventCount
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: 2, after: before)

        shot = try toggle("f", to: (800, 620), in: demo)
        try expectPlace((1024, 0, 800, 620), "back")
        try expectWall(shot, of: demo, folder: folder, state: "back from fullscreen")
        demo.expectNoXErrors()
    }
}
