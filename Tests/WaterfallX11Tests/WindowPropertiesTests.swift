import CX11
import Foundation
import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// The window's properties read back through the server: its process, machine and type, its class, its icon.
@Suite(.serialized)
struct WindowPropertiesTests {
    @Test func theWindowNamesItsProcessItsMachineAndItsType() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let window = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Waterfall", size: Size(width: 100, height: 100),
                statusBar: .testBar()))
        display.sync()
        let id = window.windowID
        #expect(
            try readProperty("_NET_WM_PID", of: id, display: xvfb.display)
                == WindowProperty(type: "CARDINAL", format: 32, items: [UInt32(getpid())]))
        let machine = try #require(try readProperty("WM_CLIENT_MACHINE", of: id, display: xvfb.display))
        #expect(machine.type == "STRING" && machine.format == 8)
        #expect(machine.text == hostName)
        #expect(!hostName.isEmpty)
        let type = try #require(try readProperty("_NET_WM_WINDOW_TYPE", of: id, display: xvfb.display))
        #expect(type.type == "ATOM" && type.format == 32)
        #expect(try atomNames(type.items, display: xvfb.display) == ["_NET_WM_WINDOW_TYPE_NORMAL"])
        // Neither an icon nor a launch until the program gives them.
        #expect(try readProperty("_NET_WM_ICON", of: id, display: xvfb.display) == nil)
        #expect(try readProperty("_NET_STARTUP_ID", of: id, display: xvfb.display) == nil)
    }

    @Test func theClassIsTheProgramsNameByDefaultAndTheGivenOneOtherwise() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        #expect(ProcessInfo.processInfo.environment["RESOURCE_NAME"] == nil, "the default below is argv[0]'s")
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        let byDefault = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Waterfall", size: Size(width: 50, height: 50),
                statusBar: .testBar()))
        let given = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Waterfall", size: Size(width: 50, height: 50),
                statusBar: .testBar(), className: "Cascade", instanceName: "cascade-demo"))
        display.sync()
        let defaultClass = try #require(try readProperty("WM_CLASS", of: byDefault.windowID, display: xvfb.display))
        #expect(defaultClass.text == program + "\0" + program.prefix(1).uppercased() + program.dropFirst() + "\0")
        #expect(
            try readProperty("WM_CLASS", of: given.windowID, display: xvfb.display)?.text == "cascade-demo\0Cascade\0")
        #expect(Window.defaultClassName(instanceName: "waterfall-demo") == "Waterfall-demo")
    }

    @Test func iconsAreStoredAsWidthHeightAndPixelsOneCardinalEach() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let window = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Waterfall", size: Size(width: 50, height: 50),
                statusBar: .testBar()))
        let wide = try #require(WindowIcon(width: 2, height: 1, pixels: [0xFF11_2233, 0x8044_5566]))
        let tall = try #require(WindowIcon(width: 1, height: 3, pixels: [0x0000_0000, 0xFFFF_FFFF, 0x7F00_FF00]))
        #expect(window.setIcons([wide, tall]))
        display.sync()
        #expect(
            try readProperty("_NET_WM_ICON", of: window.windowID, display: xvfb.display)
                == WindowProperty(
                    type: "CARDINAL", format: 32,
                    items: [2, 1, 0xFF11_2233, 0x8044_5566, 1, 3, 0x0000_0000, 0xFFFF_FFFF, 0x7F00_FF00]))
        #expect(window.setIcons([]))  // no icon: the property goes
        display.sync()
        #expect(try readProperty("_NET_WM_ICON", of: window.windowID, display: xvfb.display) == nil)
        // Three icons of the largest side fit in one request.
        let big = try #require(
            WindowIcon(width: 512, height: 512, pixels: Array(repeating: 0xFF00_00FF, count: 512 * 512)))
        #expect(window.setIcons([big, big, big]))
        display.sync()
        #expect(
            try readProperty("_NET_WM_ICON", of: window.windowID, display: xvfb.display)?.items.count == 3
                * (2 + 512 * 512))
    }

    @Test func aWindowManagerFindsTheIconAndTheLaunchWhenTheWindowAsksToBeMapped() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        // The test is the window manager: map requests come to it instead of mapping the window.
        guard let manager = XOpenDisplay(xvfb.display) else { throw X11TestError("cannot open \(xvfb.display)") }
        defer { XCloseDisplay(manager) }
        XSelectInput(manager, XDefaultRootWindow(manager), SubstructureRedirectMask)
        XSync(manager, 0)
        let display = try Display(name: xvfb.display)
        let icon = try #require(WindowIcon(width: 1, height: 1, pixels: [0xFF12_3456]))
        let window = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Waterfall", size: Size(width: 50, height: 50),
                statusBar: .testBar(), startupID: "launch-1", icons: [icon]))
        let deadline = Date().addingTimeInterval(20)
        var request = XEvent()
        while true {
            if XPending(manager) > 0 {
                XNextEvent(manager, &request)
                if request.type == MapRequest { break }
                continue
            }
            guard Date() < deadline else { throw X11TestError("no MapRequest within 20 s") }
            var descriptor = pollfd(fd: XConnectionNumber(manager), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
        }
        #expect(request.xmaprequest.window == window.windowID)
        // What the manager reads as it manages the window, still unmapped.
        #expect(
            try readProperty("_NET_WM_ICON", of: window.windowID, display: xvfb.display)?.items == [1, 1, 0xFF12_3456])
        #expect(try readProperty("_NET_STARTUP_ID", of: window.windowID, display: xvfb.display)?.text == "launch-1")
        #expect(
            try readProperty("_NET_WM_PID", of: window.windowID, display: xvfb.display)?.items == [UInt32(getpid())])
    }

    @Test func anIconNeedsAsManyPixelsAsItsSidesSayAndSidesOf1To512() {
        #expect(WindowIcon(width: 2, height: 2, pixels: [1, 2, 3]) == nil)
        #expect(WindowIcon(width: 2, height: 2, pixels: [1, 2, 3, 4, 5]) == nil)
        #expect(WindowIcon(width: 0, height: 0, pixels: []) == nil)
        #expect(WindowIcon(width: 513, height: 1, pixels: Array(repeating: 0, count: 513)) == nil)
        #expect(WindowIcon(width: 1, height: 513, pixels: Array(repeating: 0, count: 513)) == nil)
        #expect(WindowIcon(width: -1, height: -1, pixels: [0]) == nil)
        #expect(WindowIcon(width: 1, height: 1, pixels: [7])?.pixels == [7])
        #expect(WindowIcon.propertyValue(of: []) == [])
    }

    @Test func theAtomsAreInternedAndDistinct() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let atoms = Mirror(reflecting: display.atoms).children.flatMap { child in
            (child.value as? Atom).map { [$0] }
                ?? Mirror(reflecting: child.value).children.compactMap { $0.value as? Atom }  // XDND's, grouped
        }
        #expect(atoms.count == Atoms.names.count)
        #expect(Set(atoms).count == atoms.count)
        #expect(try atomNames(atoms.map { UInt32($0) }, display: xvfb.display) == Atoms.names)
    }
}
