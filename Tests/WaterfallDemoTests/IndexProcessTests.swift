import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The library index across `waterfall` processes: one killed (SIGKILL) while its walk stores folders, or during its
/// reconcile, leaves an index the next opens without a word and completes, and two running at once on one index each
/// show every photo.
@Suite struct IndexProcessTests {
    /// A library of `folders` folders of `perFolder` small PNGs each (hard links to one), and a cache folder for the
    /// index.
    final class Library {
        let scratch: GeneratedImages
        var root: String { scratch.path("Pictures") }
        var environment: [String: String] { ["XDG_CACHE_HOME": scratch.path("cache")] }

        init(folders: Int, perFolder: Int) throws {
            scratch = try GeneratedImages()
            try scratch.image("one.png", width: 40, height: 30)
            for folder in 0..<folders {
                let path = root + "/\(2000 + folder)"
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                for photo in 0..<perFolder {
                    try FileManager.default.linkItem(atPath: scratch.path("one.png"), toPath: path + "/p\(photo).png")
                }
            }
        }

        /// `waterfall --recursive` of the library, its index in the library's cache folder.
        func launch() throws -> RunningDemo {
            try RunningDemo(
                [root, "--recursive", "--no-thumbnail-cache", "--width", "800", "--height", "620"],
                executable: "waterfall", environment: environment)
        }
    }

    @Test func aLaunchKilledWhileItsWalkStoresLeavesAnIndexTheNextLaunchOpensAndCompletes() throws {
        // Enough photos that the walk (its headers read on two threads, its news shown at most 30 times a second) is
        // seen under way: a debug build's takes seconds.
        let library = try Library(folders: 60, perFolder: 250)
        let first = try library.launch()
        // Killed once the walk has stored some folders, long before its end: with 12 folders' photos found, the
        // 13th's have not come, and the index writer, at most 8 writes behind the walk and writing one, has stored 2
        // at least.
        try first.process.waitForEvent("the walk under way") {
            $0.name == "scanned" && ($0.int("found") ?? 0) >= 3000 && $0.fields["done"] as? Bool == false
        }
        #expect(kill(try #require(first.process.processIdentifier), SIGKILL) == 0)
        #expect(throws: (any Error).self) { try first.process.waitForExit() }  // "killed by signal 9"
        let second = try library.launch()
        let done = try second.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        // From the index, then the reconcile walked what the first never reached: every photo, no word of a fault.
        try second.process.waitForEvent(after: done.position, "the reconcile's end") {
            $0.name == "index" && $0.string("kind") == "reconcile-ended"
        }
        let read = try #require(second.process.events.first { $0.name == "index" && $0.string("kind") == "read" })
        // Whole folders only (each stored in one transaction once the walk moves on from it), at least two.
        let stored = read.int("photos") ?? 0
        #expect(stored >= 500 && stored < 15000 && stored % 250 == 0, "\(stored) photos read from the index")
        try second.process.waitForEvent("every photo") { $0.name == "update" && $0.int("items") == 15000 }
        #expect(second.process.standardError == "")
        // What a person sees: the wall's first cards drawn (not the empty view's white panel), once a frame has them.
        try second.process.waitForEvent("a frame of cards") { $0.name == "frame" && ($0.int("visible") ?? 0) > 0 }
        let shot = try second.screenshot()
        #expect(shot.pixel(x: 400, y: 280) != RGB(0xFFFFFF))
        second.expectNoXErrors()
    }

    @Test func aLaunchKilledDuringItsReconcileLeavesAnIndexTheNextLaunchOpensAndCompletes() throws {
        let library = try Library(folders: 40, perFolder: 10)
        let first = try library.launch()
        // The walk's end is said once every folder is stored and marked walked.
        try first.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(kill(try #require(first.process.processIdentifier), SIGKILL) == 0)
        #expect(throws: (any Error).self) { try first.process.waitForExit() }
        // While it was closed: a photo more in every folder, so the reconcile reads and stores all 40 again.
        for folder in 0..<40 {
            try FileManager.default.copyItem(
                atPath: library.scratch.path("one.png"), toPath: library.root + "/\(2000 + folder)/new.png")
        }
        let second = try library.launch()
        try second.process.waitForEvent("the reconcile's start") {
            $0.name == "index" && $0.string("kind") == "reconcile-started"
        }
        #expect(kill(try #require(second.process.processIdentifier), SIGKILL) == 0)
        #expect(throws: (any Error).self) { try second.process.waitForExit() }
        let third = try library.launch()
        let ended = try third.process.waitForEvent("the reconcile's end") {
            $0.name == "index" && $0.string("kind") == "reconcile-ended"
        }
        let read = try #require(third.process.events.first { $0.name == "index" && $0.string("kind") == "read" })
        // Whatever the kill cut short: the index opens, holds every folder, and the third launch shows every photo,
        // from the index or through the reconcile's updates.
        #expect(read.int("folders") == 41)
        let photos = try #require(read.int("photos"))
        #expect(photos >= 400 && photos <= 440, "\(photos) photos read from the index")
        if photos < 440 {
            try third.process.waitForEvent(after: ended.position, "every photo") {
                $0.name == "update" && $0.int("items") == 440
            }
            // Every folder is listed again: one the second launch did not store has another stamp now, and one it
            // stored is not yet marked walked below (that comes at a reconcile's end), for the subfolders it may hold.
            #expect(ended.event.int("changed") == 40)
        }
        #expect(third.process.standardError == "")
        // The index's cards come after the first frame (the empty view's white panel): a frame has them first.
        try third.process.waitForEvent("a frame of cards") { $0.name == "frame" && ($0.int("visible") ?? 0) > 0 }
        let shot = try third.screenshot()
        #expect(shot.pixel(x: 400, y: 280) != RGB(0xFFFFFF))
        third.expectNoXErrors()
    }

    @Test func twoLaunchesAtOnceOnOneIndexEachShowEveryPhoto() throws {
        let library = try Library(folders: 10, perFolder: 10)
        let first = try library.launch()
        let second = try library.launch()
        // The second may start from what the first stored so far, and reconcile the rest: either way, every photo.
        for demo in [first, second] {
            try demo.process.waitForEvent("every photo") { event in
                (event.name == "scanned" && event.fields["done"] as? Bool == true && event.int("found") == 100)
                    || (event.name == "update" && event.int("items") == 100)
            }
            #expect(demo.process.standardError == "")
        }
        // A third, once both have stored the library: from the index, nothing to read again.
        let third = try library.launch()
        let ended = try third.process.waitForEvent("the reconcile's end") {
            $0.name == "index" && $0.string("kind") == "reconcile-ended"
        }
        #expect(ended.event.int("changed") == 0 && ended.event.int("updated") == 0)
        let read = try #require(third.process.events.first { $0.name == "index" && $0.string("kind") == "read" })
        #expect(read.int("photos") == 100 && read.int("folders") == 11)  // the root and its ten folders
        #expect(third.process.standardError == "")
    }
}
