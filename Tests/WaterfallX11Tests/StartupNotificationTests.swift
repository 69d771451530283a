import CX11
import Foundation
import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// Startup notification: the launch ID on the window and its `remove` message once the first frame is shown.
@Suite(.serialized)
struct StartupNotificationTests {
    @Test func theRemoveMessageQuotesTheIDAndEndsInANulByte() {
        #expect(StartupNotification.removeMessage(id: "demo-1_TIME42") == Array("remove: ID=\"demo-1_TIME42\"\0".utf8))
        #expect(StartupNotification.removeMessage(id: #"a "b" c\d"#) == Array(#"remove: ID="a \"b\" c\\d""#.utf8) + [0])
        #expect(StartupNotification.removeMessage(id: "Wäterfall") == Array("remove: ID=\"Wäterfall\"\0".utf8))
    }

    @Test func theMessageIsCutInto20ByteEventsTheLastPaddedWithNulBytes() {
        let message = Array("remove: ID=\"0123456789\"\0".utf8)  // 24 bytes
        let payloads = StartupNotification.eventPayloads(of: message)
        #expect(payloads == [Array(message[0..<20]), Array(message[20..<24]) + Array(repeating: 0, count: 16)])
        let exact = [UInt8](repeating: 65, count: 39) + [0]  // 40 bytes: two full events, no padding
        #expect(StartupNotification.eventPayloads(of: exact) == [Array(exact[0..<20]), Array(exact[20..<40])])
    }

    @Test func takingTheIDUnsetsTheVariableSoChildrenDoNotInheritIt() {
        // A variable of this test's own: the real one is the launcher's, and tests run beside others in one process.
        let name = "WATERFALL_TEST_STARTUP_ID_\(getpid())"
        setenv(name, "launch-7", 1)
        #expect(StartupNotification.takeEnvironmentVariable(name) == "launch-7")
        #expect(getenv(name) == nil)
        #expect(StartupNotification.takeEnvironmentVariable(name) == nil)
        setenv(name, "", 1)  // empty is no launch
        #expect(StartupNotification.takeEnvironmentVariable(name) == nil)
        #expect(getenv(name) == nil)
        #expect(StartupNotification.environmentVariable == "DESKTOP_STARTUP_ID")
    }

    @Test func theWindowCarriesTheIDAndBroadcastsItsRemovalOnceItsFirstFrameIsShown() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let launcher = try StartupInfoListener(display: xvfb.display)
        defer { launcher.close() }  // before the server goes
        let display = try Display(name: xvfb.display)
        let id = #"waterfall "launch" \ 1234_TIME5678"#  // to be quoted, and longer than one event
        let window = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Waterfall", size: Size(width: 80, height: 60),
                statusBar: .testBar(), startupID: id))
        display.sync()
        let property = try #require(try readProperty("_NET_STARTUP_ID", of: window.windowID, display: xvfb.display))
        #expect(property.type == "UTF8_STRING" && property.format == 8)
        #expect(property.text == id)

        window.drawFrame()  // the first frame
        let message = try launcher.waitForMessage()
        let expected = #"remove: ID="waterfall \"launch\" \\ 1234_TIME5678""#
        #expect(message.text == expected)
        #expect(message.isWellFormed)
        #expect(message.events == (expected.utf8.count + 1 + 19) / 20)
        #expect(message.events == 3)
        #expect(message.window != window.windowID && message.window != 0)  // a window made for the message

        // Later frames send nothing more: the next message the launcher gets is one sent after them.
        window.drawFrame()
        display.sync()
        try broadcastStartupMessage("marker", display: xvfb.display)
        #expect(try launcher.waitForMessage().text == "marker")
    }

    @Test func aWindowWithoutALaunchSendsNoMessage() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let launcher = try StartupInfoListener(display: xvfb.display)
        defer { launcher.close() }
        let display = try Display(name: xvfb.display)
        let window = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Waterfall", size: Size(width: 80, height: 60),
                statusBar: .testBar()))
        window.drawFrame()
        display.sync()
        try broadcastStartupMessage("marker", display: xvfb.display)
        #expect(try launcher.waitForMessage().text == "marker")
    }
}
