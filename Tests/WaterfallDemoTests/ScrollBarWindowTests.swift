import Foundation
import Testing
import XvfbSupport

/// The scroll bar's geometry as the core computes it (Sources/Waterfall/ScrollBar.swift), from the `ready` event:
/// the track is the viewport's right strip; the thumb is `round(h × h / content)` long (at least 24) and its top is
/// `round(travel × offset / maxOffset)`; a thumb top `t` means the offset `round(t × maxOffset / travel)`.
struct ExpectedScrollBar {
    let trackX: Double
    let width: Double
    let height: Double
    let thumbLength: Double
    let maxOffset: Double

    init(_ demo: RunningDemo) {
        width = demo.scrollBarWidth
        trackX = demo.viewportWidth - width
        height = demo.viewportHeight
        maxOffset = demo.maxOffset
        thumbLength = min(height, max(24, (height * height / demo.contentHeight).rounded()))
    }

    var travel: Double { height - thumbLength }
    var midX: Double { trackX + width / 2 }
    func offset(forThumbTop top: Double) -> Double { min(maxOffset, max(0, (top * maxOffset / travel).rounded())) }
    func thumbTop(at offset: Double) -> Double { (travel * offset / maxOffset).rounded() }
}

/// The scroll bar in the real window, driven by xdotool: the thumb follows a drag, the track pages.
@Suite(.serialized)
struct ScrollBarWindowTests {
    static let track = RGB(0xDCE0E5)
    static let thumb = RGB(0xA4ACB6)
    static let draggedThumb = RGB(0x69727D)

    @Test func draggingTheThumbScrollsToTheOffsetUnderThePointer() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let bar = ExpectedScrollBar(demo)
        #expect(bar.trackX == 988)
        #expect(bar.maxOffset > 0 && bar.travel > 200)
        let before = try demo.screenshot()
        #expect(before.pixel(x: Int(bar.midX), y: 0) == Self.thumb)
        #expect(before.pixel(x: Int(bar.midX), y: Int(bar.thumbLength) - 1) == Self.thumb)
        #expect(before.pixel(x: Int(bar.midX), y: Int(bar.thumbLength)) == Self.track)
        #expect(before.pixel(x: Int(bar.trackX), y: 5) == Self.track)  // the 2 px beside the thumb

        // Grab the thumb 10 px below its top and pull it down 200 px: its top goes to 200.
        try demo.movePointer(x: bar.midX, y: 10)
        let start = demo.eventCount
        try xdotool(["mousedown", "1"], display: demo.xvfb.display)
        try demo.movePointer(x: bar.midX, y: 210)
        let expected = bar.offset(forThumbTop: 200)
        #expect(expected > 0 && expected < bar.maxOffset)
        try demo.waitForFrame(after: start, offset: expected)
        let held = try demo.screenshot()
        #expect(held.pixel(x: Int(bar.midX), y: 199) == Self.track)
        #expect(held.pixel(x: Int(bar.midX), y: 200) == Self.draggedThumb)
        #expect(held.pixel(x: Int(bar.midX), y: 200 + Int(bar.thumbLength) - 1) == Self.draggedThumb)
        #expect(held.pixel(x: Int(bar.midX), y: 200 + Int(bar.thumbLength)) == Self.track)
        try? held.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("scroll-bar-drag.png"))

        // Past the end of the track: the last offset; released there, the thumb takes its own colour again.
        try demo.movePointer(x: bar.midX, y: 10 + bar.travel + 50)
        try demo.waitForFrame(after: start, offset: bar.maxOffset)
        let released = demo.eventCount
        try xdotool(["mouseup", "1"], display: demo.xvfb.display)
        try demo.process.waitForEvent(after: released, "the frame after the release") { $0.name == "frame" }
        let after = try demo.screenshot()
        #expect(after.pixel(x: Int(bar.midX), y: Int(demo.viewportHeight) - 1) == Self.thumb)
        #expect(after.pixel(x: Int(bar.midX), y: Int(bar.travel) - 1) == Self.track)
        #expect(demo.events(named: "scroll", after: start).last?.double("offset") == bar.maxOffset)
        #expect(demo.process.events.dropFirst(start).filter { ["highlight", "select"].contains($0.name) }.isEmpty)
        demo.expectNoXErrors()
    }

    @Test func aClickOnTheTrackPagesByAViewport() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let bar = ExpectedScrollBar(demo)
        var start = demo.eventCount
        try demo.click(x: bar.midX, y: 600)  // below the thumb: a page down
        try demo.waitForFrame(after: start, offset: 700)
        let shot = try demo.screenshot()
        let top = Int(bar.thumbTop(at: 700))
        #expect(shot.pixel(x: Int(bar.midX), y: top - 1) == Self.track)
        #expect(shot.pixel(x: Int(bar.midX), y: top) == Self.thumb)
        start = demo.eventCount
        try demo.click(x: bar.midX, y: 2)  // above it: a page up
        try demo.waitForFrame(after: start, offset: 0)
        #expect(demo.events(named: "select", after: 0).isEmpty)
    }
}

/// Smooth scrolling in the real window: the same end as without it, in whole-pixel frames without round trips.
@Suite(.serialized)
struct SmoothScrollingWindowTests {
    @Test func aSmoothNotchEndsWhereAnImmediateOneDoes() throws {
        var ends: [Double] = []
        for options in [[], ["--no-smooth"]] {
            let demo = try RunningDemo(["--items", "2000", "--width", "900", "--height", "700"] + options)
            let start = demo.eventCount
            try demo.wheel(notches: 3)
            let turned = try demo.waitForFrame(after: start, offset: 3 * demo.wheelStep)
            try demo.wheel(notches: -1)
            // After the turn: on the way down, a frame may fall on two steps too (a loaded machine draws fewer).
            let end = try demo.waitForFrame(after: turned, offset: 2 * demo.wheelStep)
            let frames = demo.process.events[start...end].filter { $0.name == "frame" }
            let offsets = frames.compactMap { $0.double("offset") }
            #expect(offsets.allSatisfy { $0 == $0.rounded() && $0 >= 0 && $0 <= 3 * demo.wheelStep })
            #expect(frames.allSatisfy { $0.int("roundTrips") == 0 })
            ends.append(try #require(demo.events(named: "scroll", after: start).last?.double("offset")))
            if options.isEmpty {
                // Down to three steps, then back up: the offsets rise, then fall, never overshooting.
                let turn = try #require(offsets.firstIndex(of: 3 * demo.wheelStep))
                #expect(Array(offsets[...turn]) == offsets[...turn].sorted())
                #expect(Array(offsets[turn...]) == offsets[turn...].sorted(by: >))
            } else {
                #expect(offsets.allSatisfy { $0.truncatingRemainder(dividingBy: demo.wheelStep) == 0 })
            }
            demo.expectNoXErrors()
        }
        #expect(ends == [128, 128])
    }
}

/// An idle window sleeps in `poll` without a timeout: it uses no CPU at all.
@Suite(.serialized)
struct IdleWindowTests {
    /// The process's user plus system time in clock ticks (fields 14 and 15 of /proc/<pid>/stat), all threads.
    static func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
        guard let close = stat.lastIndex(of: ")") else { throw X11TestError("unreadable /proc/\(pid)/stat: \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (the state), so utime (14) and stime (15) are fields[11] and fields[12].
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw X11TestError("unexpected /proc/\(pid)/stat: \(stat)")
        }
        return user + system
    }

    /// How many times the main thread (the event loop's) gave up the CPU: `voluntary_ctxt_switches` plus
    /// `nonvoluntary_ctxt_switches` of /proc/<pid>/status. Each sleep in `poll` that ends is one.
    static func contextSwitches(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let counts = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
            .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        guard counts.count == 2 else { throw X11TestError("unexpected /proc/\(pid)/status: \(status)") }
        return counts[0] + counts[1]
    }

    @Test func anIdleWindowUsesNoCPUAfterASmoothScroll() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let pid = try #require(demo.process.processIdentifier)
        // An animation runs and ends first: its frame timers must all be gone afterwards.
        let start = demo.eventCount
        try demo.wheel(notches: 2)
        try demo.waitForFrame(after: start, offset: 2 * demo.wheelStep)
        // A condition, not a settling time: the loop's (main) thread sleeps in poll on its two descriptors, the
        // connection and the wake pipe, without a timeout, which it asks only when no timer is pending: the
        // animation and its last wake are over.
        try PollWait.waitUntil(PollWait(descriptors: 2, isForever: true), process: pid, thread: pid)
        // What it logged before it blocked may still be in the pipe: count it all.
        try demo.process.waitUntilOutputIsRead()
        let events = demo.eventCount
        let before = try Self.cpuTicks(of: pid)
        let switchesBefore = try Self.contextSwitches(of: pid)
        // The interval's length cannot change the outcome for a loop that works: blocked in poll(-1) with no
        // event, wake or timer to come, its thread is not scheduled at all, however loaded the machine is. The
        // interval only gives a loop that wakes by itself the time to show it.
        Thread.sleep(forTimeInterval: 1)
        let after = try Self.cpuTicks(of: pid)
        let switchesAfter = try Self.contextSwitches(of: pid)
        // Exactly 0, not a tolerance: with no event, wake or timer the loop stays blocked in poll(-1) and is
        // never scheduled. The context switches prove it more finely than the 10 ms clock ticks can: a loop
        // that woke 60 times a second for nothing would use too little CPU to be sure to show in the ticks.
        #expect(after - before == 0, "the idle window used \(after - before) clock ticks of CPU in 1 s")
        #expect(
            switchesAfter - switchesBefore == 0,
            "the idle event loop woke \(switchesAfter - switchesBefore) times in 1 s")
        #expect(demo.eventCount == events)  // and drew nothing
    }
}
