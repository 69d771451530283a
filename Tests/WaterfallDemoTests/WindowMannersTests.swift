import Foundation
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
