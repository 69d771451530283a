import Foundation
import Testing
import XvfbSupport

/// What a frame costs the X server: counted in requests and round trips, never timed.
@Suite(.serialized)
struct FrameCostTests {
    @Test func hundredQueuedNotchesMakeOneFrameScrolledByTheirSum() throws {
        // Without smooth scrolling, so that the sum lands in one frame (smoothly it is one animation).
        let demo = try RunningDemo(["--items", "10000", "--width", "800", "--height", "600", "--no-smooth"])
        let pid = try #require(demo.process.processIdentifier)
        // Stop the program, queue 100 real wheel notches at the server, and let it go: it finds them all at once.
        kill(pid, SIGSTOP)
        let start = demo.eventCount
        do {
            defer { kill(pid, SIGCONT) }  // even when xdotool fails, never leave the program stopped
            try demo.wheel(notches: 100)
        }
        try demo.waitForFrame(after: start, offset: 100 * demo.wheelStep)
        try demo.key("Home")  // a marker: its frame comes after anything the notches caused
        try demo.waitForFrame(after: start, offset: 0)
        let events = demo.process.events.dropFirst(start)
        #expect(events.filter { $0.name == "frame" }.compactMap { $0.double("offset") } == [100 * demo.wheelStep, 0])
        #expect(events.filter { $0.name == "scroll" }.compactMap { $0.double("offset") } == [100 * demo.wheelStep, 0])
    }

    @Test func scrollingFramesMakeNoRoundTripAndFewRequests() throws {
        // One frame per notch without smooth scrolling; SmoothScrollingWindowTests checks the animated frames.
        let demo = try RunningDemo(["--items", "10000", "--width", "1200", "--height", "900", "--no-smooth"])
        let start = demo.eventCount
        for notch in 1...20 {
            try demo.wheel(notches: 1)
            try demo.waitForFrame(after: start, offset: Double(notch) * demo.wheelStep)
        }
        let frames = demo.events(named: "frame", after: start)
        #expect(frames.count == 20)
        #expect(frames.allSatisfy { $0.int("roundTrips") == 0 })
        // The colours a person sees, counted in a screenshot of the last frame, bound that frame's requests.
        let shot = try demo.screenshot()
        var colours = Set<RGB>()
        for y in 0..<shot.height {
            for x in 0..<shot.width { if let pixel = shot.pixel(x: x, y: y) { colours.insert(pixel) } }
        }
        let lastRequests = try #require(frames.last?.int("requests"))
        #expect(lastRequests <= 10 + colours.count, "\(lastRequests) requests for \(colours.count) colours")
        #expect(lastRequests > 0)
        demo.expectNoXErrors()
    }

    @Test func theBenchSubcommandReportsEveryFrameWithinTheRequestBound() throws {
        let xvfb = try XvfbServer(width: 1920, height: 1080)
        let bench = try DemoProcess(
            arguments: ["bench", "--items", "100000", "--notches", "150", "--json"], display: xvfb.display)
        #expect(try withExtendedLifetime(xvfb) { try bench.waitForExit(limit: 120) } == 0)
        let result = try #require(
            bench.lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(result["frames"] as? Int == 150)
        #expect(result["roundTrips"] as? Int == 0)
        #expect((result["requestsAboveColours"] as? Int ?? 99) <= 10)
        #expect(!bench.standardError.contains("X error"), "\(bench.standardError)")
        for key in ["p50Ms", "p99Ms", "maxMs", "peakRSSMB", "firstFrameMs", "requestsPerFrame"] {
            #expect((result[key] as? NSNumber)?.doubleValue ?? 0 > 0, "\(key) is missing or zero")
        }
        // The first frame's breakdown: each step to it, in order, adding up to the whole.
        let steps = try #require(result["startupMs"] as? [String: NSNumber])
        #expect(Set(steps.keys) == ["running", "cards", "window", "layout", "firstFrame"])
        let total = steps.values.reduce(0) { $0 + $1.doubleValue }
        #expect(
            abs(total - ((result["firstFrameMs"] as? NSNumber)?.doubleValue ?? 0)) < 0.01,
            "steps \(steps) add up to \(total)")
    }

    @Test(arguments: [[], ["--no-xdbe"]])
    func blittedFramesEqualAFullRedraw(backBuffer: [String]) throws {
        // A viewport of 640 px: ten notches of 64 px reach the offset one Page Down reaches. The notches scroll
        // smoothly: every frame of their animations is blitted, and the scroll bar is drawn beside the cards.
        let options = ["--width", "1000", "--height", "660"] + backBuffer
        let blitted = try RunningDemo(options)
        var start = blitted.eventCount
        for notch in 1...10 {
            try blitted.wheel(notches: 1)
            start = try blitted.waitForFrame(after: start, offset: Double(notch) * blitted.wheelStep)
        }
        let redrawn = try RunningDemo(options)
        let before = redrawn.eventCount
        try redrawn.key("Next")  // Page Down: a jump of a whole viewport is drawn in full
        try redrawn.waitForFrame(after: before, offset: 640)

        let a = try blitted.screenshot()
        let b = try redrawn.screenshot()
        var differing = 0
        for y in 0..<640 { for x in 0..<1000 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0)
        blitted.expectNoXErrors()
        redrawn.expectNoXErrors()
    }
}
