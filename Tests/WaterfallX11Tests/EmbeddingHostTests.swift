import Foundation
import Testing
import XvfbSupport

/// A program that embeds a Waterfall window (Tests/EmbeddingHost) owns its errors: when its server goes away it hears
/// it from `run()` or `processPendingEvents()` and ends as it chooses, and the X error handlers it had before
/// Waterfall's still hear what happens on its own connection.
@Suite(.serialized)
struct EmbeddingHostTests {
    @Test(arguments: ["run", "loop"])
    func aHostWhoseServerIsKilledHearsItAndExitsWithItsOwnStatusAndMessage(mode: String) throws {
        let xvfb = try XvfbServer()
        let host = try DemoProcess(executable: "embedding-host", arguments: [mode], display: xvfb.display)
        try host.waitForLine("the host's first frame") { $0 == "presented" }
        xvfb.stop()
        #expect(try host.waitForExit() == 3)
        // The program's line alone: nothing from Xlib ("X connection to ... broken") or from Waterfall.
        #expect(
            host.standardError
                == "embedding-host: lost the connection to X display '\(xvfb.display)': the server went away or closed the connection\n"
        )
        #expect(host.lines == ["presented"])
    }

    @Test func theHostsErrorHandlerSetBeforeWaterfallsHearsTheErrorsOfItsOwnConnectionOnly() throws {
        let xvfb = try XvfbServer()
        let host = try DemoProcess(executable: "embedding-host", arguments: ["chain"], display: xvfb.display)
        #expect(try host.waitForExit() == 0, "\(host.standardError)")
        let lines = host.lines
        try #require(lines.count == 4, "\(lines)")
        // "own window 0x..., Waterfall's window 0x..."
        let windows = lines[1].split(separator: " ").compactMap {
            UInt($0.trimmingCharacters(in: .punctuationCharacters).dropFirst(2), radix: 16)
        }
        try #require(windows.count == 2, "\(lines[1])")
        let (own, waterfalls) = (String(windows[0], radix: 16), String(windows[1], radix: 16))
        #expect(
            lines == [
                "presented", "own window 0x\(own), Waterfall's window 0x\(waterfalls)",
                "host error handler: error 3, request 8, resource 0x\(own)", "done",
            ])
        // Waterfall's own errors, its two title properties on its destroyed window, reported Waterfall's way.
        let refused =
            "waterfall: X error: BadWindow (invalid Window parameter) (error code 3, request code 18, minor code 0, resource 0x\(waterfalls))"
        #expect(host.standardError == refused + "\n" + refused + "\n")
    }

    @Test func theHostsIOErrorHandlerSetBeforeWaterfallsHearsTheLossOfItsOwnConnectionOnly() throws {
        let xvfb = try XvfbServer()
        let host = try DemoProcess(executable: "embedding-host", arguments: ["io-chain"], display: xvfb.display)
        try host.waitForLine("the host's first frame") { $0 == "presented" }
        xvfb.stop()
        #expect(try host.waitForExit() == 3)
        // Waterfall's connection was lost first (`run()` threw) without a word from the host's handler; then the
        // host's own connection, whose exit handler returns.
        #expect(
            host.lines == ["presented", "host IO error handler: \(xvfb.display)", "host exit handler: \(xvfb.display)"])
        #expect(
            host.standardError
                == "embedding-host: lost the connection to X display '\(xvfb.display)': the server went away or closed the connection\n"
        )
    }
}
