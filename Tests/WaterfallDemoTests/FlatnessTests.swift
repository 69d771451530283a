import Foundation
import Testing
import XvfbSupport

/// Nothing leaks over a long run of the real program: 100 reloads (F5), 10,000 wheel notches through the whole
/// catalog and 1,000 resizes across the portrait/landscape threshold, sent by one `xdotool -` process, leave the
/// count of created cells and the resident memory where they were after a warm-up. About 8 s.
///
/// Why the counts are exact: with `--no-smooth`, each notch moves by a whole wheel step, so every frame's offset
/// is on one lattice per window size (steps down from the top, and steps up from the bottom), whatever notches
/// the program folds into one frame; resizes and reloads happen at the top, where the top card keeps offset 0.
/// The view recycles the cells that leave before it asks for those that enter, so the cells created are the
/// most on screen at once over the frames drawn. The warm-up draws every frame of that lattice at both sizes (a
/// notch at a time, each frame awaited), both resizes and a reload at each size; the long run then draws only
/// frames the warm-up drew, so a single extra cell means one was lost (not given back to the reuse pool).
@Suite(.serialized)
struct FlatnessTests {
    struct WindowSize {
        var width: Int
        var height: Int
        var columns: Int
    }

    static let landscape = WindowSize(width: 1000, height: 700, columns: 5)
    static let portrait = WindowSize(width: 640, height: 960, columns: 3)

    /// How much the resident memory may grow over the long run: malloc reuses freed blocks but may place them
    /// on a page not touched before. Measured first at 4 to 12 KiB over the run; on 2026-11-25 this machine gave 40
    /// to 88 KiB, for the code of d816121 (56, 64, 84, 88) and of issue 27 (40, 48, 64, 68) alike, so 64 KiB failed
    /// runs at random. The bound is 48 pages: still a quarter of one leaked 80-byte object per notch (10,000 notches,
    /// 780 KiB).
    static let residentGrowthToleranceKiB = 192

    @Test func reloadsWheelNotchesAndResizesLeaveCreatedCellsAndResidentMemoryFlat() throws {
        let demo = try RunningDemo([
            "--width", String(Self.landscape.width), "--height", String(Self.landscape.height), "--no-smooth",
        ])
        let pid = try #require(demo.process.processIdentifier)
        let input = try XdotoolSession(display: demo.xvfb.display)
        let log = LogFollower(demo.process)
        let step = demo.wheelStep
        var maxOffset = [Self.landscape.width: demo.maxOffset]

        /// Resizes the window as a window manager would; returns the layout for the new size.
        func resize(to size: WindowSize) throws -> Event {
            try input.send(["windowsize \(demo.window) \(size.width) \(size.height)"])
            return try log.waitFor("the layout at \(size.width) px") {
                $0.name == "layout" && $0.viewWidth == Double(size.width)
            }
        }
        /// `count` (odd) resizes between the two sizes, alternating from `target`, so that each changes the size.
        func resizeBurst(_ count: Int, endingAt target: WindowSize) -> [String] {
            (0..<count).map { index in
                let size =
                    index.isMultiple(of: 2)
                    ? target : (target.width == Self.landscape.width ? Self.portrait : Self.landscape)
                return "windowsize \(demo.window) \(size.width) \(size.height)"
            }
        }
        /// One notch down and one up at the top, each frame awaited: everything sent before has been handled.
        func sync() throws {
            try input.send(["click --delay 0 5"])
            try log.waitForFrame(offset: step)
            try input.send(["click --delay 0 4"])
            try log.waitForFrame(offset: 0)
        }
        /// How many notches take the view from the top to the bottom (the last one clamped).
        func notchesThroughCatalog(_ size: WindowSize) throws -> Int {
            Int((try #require(maxOffset[size.width]) / step).rounded(.up))
        }

        // Warm-up: every frame of the lattice at both sizes, a notch at a time; both resizes; a reload at each size.
        for size in [Self.landscape, Self.portrait] {
            if size.width != Self.landscape.width {
                let layout = try resize(to: size)
                #expect(layout.int("columns") == size.columns)
                maxOffset[size.width] =
                    try #require(layout.double("contentHeight")) - (try #require(layout.double("viewport", "height")))
            }
            let bottom = try #require(maxOffset[size.width])
            let notches = try notchesThroughCatalog(size)
            for notch in 1...notches {
                try input.send(["click --delay 0 5"])
                try log.waitForFrame(offset: min(bottom, Double(notch) * step))
            }
            for notch in 1...notches {
                try input.send(["click --delay 0 4"])
                try log.waitForFrame(offset: max(0, bottom - Double(notch) * step))
            }
            try input.send(["key F5"])
            try log.waitFor("the warm-up's reload") { $0.name == "refresh" }
        }
        // A burst of resizes back to landscape: libX11 keeps the queue entries that a burst of events needed.
        try input.send(resizeBurst(101, endingAt: Self.landscape))
        try sync()
        #expect(log.lastLayout?.int("columns") == Self.landscape.columns)
        let warmFrame = try #require(log.lastFrame)
        let created = try #require(warmFrame.int("created"))
        let warmReused = try #require(warmFrame.int("reused"))
        let residentAtStart = try residentKiB(of: pid)

        // The long run: ten rounds, each a burst of resizes that ends at the other size, ten reloads, then wheel
        // passes down to the bottom and back up until the notches reach their share of 10,000.
        var resizes = 0
        var notches = 0
        let refreshesBefore = log.refreshes
        var current = Self.landscape
        for round in 0..<10 {
            let target = current.width == Self.landscape.width ? Self.portrait : Self.landscape
            let count = round.isMultiple(of: 2) ? 101 : 99
            try input.send(resizeBurst(count, endingAt: target))
            resizes += count
            current = target
            try sync()
            notches += 2
            #expect(log.lastLayout?.int("columns") == target.columns)

            let reloadsBefore = log.refreshes
            try input.send(Array(repeating: "key F5", count: 10))
            try log.waitFor("ten reloads") { _ in log.refreshes == reloadsBefore + 10 }

            let pass = try notchesThroughCatalog(current)
            let bottom = try #require(maxOffset[current.width])
            while notches < (round + 1) * 1_000 {
                try input.send(["click --repeat \(pass) --delay 0 5"])
                try log.waitForFrame(offset: bottom)
                try input.send(["click --repeat \(pass) --delay 0 4"])
                try log.waitForFrame(offset: 0)
                notches += 2 * pass
            }
        }
        #expect(current.width == Self.landscape.width)
        try sync()
        let endFrame = try #require(log.lastFrame)
        let residentAtEnd = try residentKiB(of: pid)

        #expect(resizes == 1_000)
        #expect(log.refreshes - refreshesBefore == 100)
        #expect(notches >= 10_000)
        #expect(
            endFrame.int("created") == created,
            "cells created after the warm-up: \(created); at the end: \(endFrame.int("created") ?? -1)")
        // Each reload alone gives every cell on screen back to the pool and takes it again (ten or more at the top).
        #expect((endFrame.int("reused") ?? 0) - warmReused >= 1_000, "the long run recycles cells")
        #expect(
            residentAtEnd - residentAtStart <= Self.residentGrowthToleranceKiB,
            "resident memory grew from \(residentAtStart) KiB to \(residentAtEnd) KiB")
        demo.expectNoXErrors()
    }

    /// The process's resident set size (`VmRSS` in /proc/PID/status), in KiB.
    func residentKiB(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }
}
