import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import WaterfallIndex
import WaterfallPhotoWall
import WaterfallPhotos

/// A wall with a library index, in-process: the first launch stores every folder it walks; a relaunch shows the
/// indexed photos before it opens one, and what changed while it was closed arrives as the live folders' updates.
@Suite struct WallIndexTests {
    /// A wide photo (4:1, `width` pixels wide) at `name` below the harness's root, its folders made first.
    static func photo(_ harness: WallHarness, _ name: String, width: Int = 80) throws {
        let path = harness.root + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try harness.photoBytes(width: width, height: width / 4).write(to: URL(fileURLWithPath: path))
    }

    /// The index of the harness's scratch folder, opened.
    static func index(_ harness: WallHarness) throws -> LibraryIndex {
        try LibraryIndex.open(at: FilePath(harness.scratch + "/cache/library.sqlite")).index
    }

    /// Opens the harness's wall of its root, recursive, with `index`.
    static func open(_ harness: WallHarness, index: LibraryIndex) throws {
        try harness.open(columns: .fixed(4)) {
            $0.recursive = true
            $0.openIndex = { index }
        }
    }

    /// Each section's title and its cards' titles.
    static func shown(_ harness: WallHarness) -> [String] {
        zip(harness.wall.items.sectionTitles, harness.titles).map { "\($0): \($1.joined(separator: " "))" }
    }

    @Test func theFirstLaunchStoresEveryFolderItWalks() throws {
        let harness = try WallHarness()
        for name in ["a/a1.png", "a/a2.png", "b/b1.png"] { try Self.photo(harness, name) }
        try Self.open(harness, index: Self.index(harness))
        harness.wall.stop()
        let folders = try Self.index(harness).folders(under: [FilePath(harness.root)])
        let stored = folders.sorted { $0.path.string < $1.path.string }.map { folder in
            "\(folder.path.lastComponent!): "
                + folder.photos.map { "\($0.photo.name) \($0.photo.header!.width)" }
                .joined(separator: " ")
        }
        #expect(stored == ["Pictures: ", "a: a1.png 80 a2.png 80", "b: b1.png 80"])
        #expect(harness.events("index", after: 0).isEmpty)  // a walk: the index held nothing to read
        #expect(folders.allSatisfy { $0.isWalkedBelow })
        #expect(harness.warnings.all == [])
    }

    /// The walk reads each photo's camera, lens and exposure (here exiftool's) into the index, for its queries.
    @Test func theFirstLaunchKeepsEachPhotosCameraLensAndExposureInTheIndex() throws {
        let harness = try WallHarness()
        try Self.photo(harness, "a/camera.png")
        try Self.photo(harness, "a/scan.png")
        try TestTool.run(
            ["exiftool", "-q", "-overwrite_original"] + GeneratedImages.cameraTags + [harness.root + "/a/camera.png"])
        try Self.open(harness, index: Self.index(harness))
        harness.wall.stop()
        let stored = try TestTool.run([
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                + "print(c.execute('SELECT name, camera, lens, exposure FROM photo ORDER BY name').fetchall())",
            harness.scratch + "/cache/library.sqlite",
        ])
        #expect(
            stored.output
                == "[(b'camera.png', 'Canon EOS 5D', 'EF50mm f/1.8 II', '1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in "
                + "35 mm)'), (b'scan.png', None, None, None)]\n")
        #expect(harness.warnings.all == [])
    }

    /// The filter finds a photo by its camera, lens, ISO speed and keywords as the walk read them, and as a relaunch
    /// reads them from the index without opening the file.
    @Test func aQueryFindsTheCameraLensIsoAndKeywordsOfTheWalkAndOfTheIndex() throws {
        let harness = try WallHarness()
        try Self.photo(harness, "a/camera.png")
        try Self.photo(harness, "a/scan.png")
        let camera = harness.root + "/a/camera.png"
        try TestTool.run(
            ["exiftool", "-q", "-overwrite_original", "-XMP-lr:HierarchicalSubject=places|sea|beach"]
                + GeneratedImages.cameraTags + [camera])
        try harness.setModified(camera, to: 1_700_000_000)
        try Self.open(harness, index: Self.index(harness))
        let queries = [
            "camera:canon lens:50mm iso:400 keyword:beach": ["camera.png"], "canon": [],
            "camera:\"eos 5d\" iso>3200": [], "-iso:100..800": ["scan.png"], "keyword:sea/beach": ["camera.png"],
        ]
        let walked = try harness.card(0)
        #expect(walked.shot?.iso == 400, "\(String(describing: walked.shot)) \(walked.keywords)")
        for (query, found) in queries {
            #expect(try WallKeywordTests.filtered(harness, query) == found, "\(query)")
        }
        // The relaunch reads them from the index: the file, garbage now of the same size and time, is not opened.
        let relaunch = harness.relaunched()
        let size = try FileManager.default.attributesOfItem(atPath: camera)[.size] as! Int
        try Data(repeating: 0x5A, count: size).write(to: URL(fileURLWithPath: camera))
        try harness.setModified(camera, to: 1_700_000_000)
        try Self.open(relaunch, index: Self.index(relaunch))
        #expect(
            try relaunch.card(0).shot?.camera == "Canon EOS 5D" && relaunch.card(0).keywords == ["places/sea/beach"])
        for (query, found) in queries {
            #expect(try WallKeywordTests.filtered(relaunch, query) == found, "\(query) after the relaunch")
        }
        #expect(relaunch.warnings.all == [])
    }

    @Test func aRelaunchShowsTheIndexedPhotosWithoutOpeningThem() throws {
        let harness = try WallHarness()
        try Self.photo(harness, "a/a1.png", width: 80)
        let a1 = harness.root + "/a/a1.png"
        try harness.setModified(a1, to: 1_700_000_000)
        try Self.open(harness, index: Self.index(harness))
        let relaunch = harness.relaunched()
        // In place, of the same size and time, in a folder whose own time is unchanged: only the index knows it was a
        // photo 80 pixels wide. The relaunch shows it so: it did not open the file.
        let size = try FileManager.default.attributesOfItem(atPath: a1)[.size] as! Int
        try Data(repeating: 0x5A, count: size).write(to: URL(fileURLWithPath: a1))
        try harness.setModified(a1, to: 1_700_000_000)
        try Self.open(relaunch, index: Self.index(relaunch))
        #expect(Self.shown(relaunch) == ["Pictures/a: a1.png"])
        let card = try relaunch.card(0)
        #expect(card.pixelWidth == 80 && !card.isBroken)
        #expect(relaunch.warnings.all == [])
    }

    /// A relaunch reads the index's folders once the window's first frame is out: waiting up to an hour for it, the
    /// photos still come at once.
    @Test func aRelaunchReadsTheIndexOnceTheFirstFrameIsOut() throws {
        let harness = try WallHarness()
        for name in ["a/a1.png", "b/b1.png"] { try Self.photo(harness, name) }
        try Self.open(harness, index: Self.index(harness))
        harness.wall.stop()
        let relaunch = harness.relaunched()
        let index = try Self.index(relaunch)
        try relaunch.open(columns: .fixed(4)) {
            $0.recursive = true
            $0.openIndex = { index }
            $0.firstScreenPatience = .seconds(3600)
        }
        try relaunch.waitForEvent("index") { $0.string("kind") == "read" }
        #expect(Self.shown(relaunch) == ["Pictures/a: a1.png", "Pictures/b: b1.png"])
        #expect(relaunch.warnings.all == [])
    }

    @Test func whatChangedWhileClosedArrivesAsTheLiveFoldersUpdates() throws {
        let harness = try WallHarness()
        for name in ["a/a1.png", "b/b1.png", "b/b2.png", "gone/g1.png"] { try Self.photo(harness, name) }
        try Self.open(harness, index: Self.index(harness))
        #expect(Self.shown(harness) == ["Pictures/a: a1.png", "Pictures/b: b1.png b2.png", "Pictures/gone: g1.png"])
        let relaunch = harness.relaunched()
        // While closed: a photo added, one removed, a folder added, a folder removed.
        try Self.photo(harness, "a/a2.png")
        try FileManager.default.removeItem(atPath: harness.root + "/b/b2.png")
        try Self.photo(harness, "c/c1.png")
        try FileManager.default.removeItem(atPath: harness.root + "/gone")
        try Self.open(relaunch, index: Self.index(relaunch))
        let ended = try relaunch.waitForEvent("index") { $0.string("kind") == "reconcile-ended" }
        try relaunch.wait("the reconcile's updates") {
            Self.shown(relaunch) == ["Pictures/a: a1.png a2.png", "Pictures/b: b1.png", "Pictures/c: c1.png"]
        }
        // The log: the index read (the root, a, b and gone), then the reconcile: the root, a and b read again, gone
        // taken away, c walked; four folders' cards changed, as the live folders' updates, not a walk's batches.
        let index = relaunch.events("index", after: 0).map { event in
            event.string("kind")! + " "
                + ["folders", "photos", "changed", "gone", "new", "updated"]
                .compactMap { key in event.int(key).map { "\(key) \($0)" } }.joined(separator: " ")
        }
        #expect(
            index == [
                "read folders 4 photos 4", "reconcile-started folders 4",
                "reconcile-ended changed 3 gone 1 new 1 updated 4",
            ])
        #expect(ended.int("updated") == 4)
        #expect((ended.double("ms") ?? -1) >= 0, "the reconcile's own time")
        #expect(!relaunch.events("update", after: 0).isEmpty)
        // The index now holds what the reconcile found: a third launch shows it at once.
        let third = relaunch.relaunched()
        try Self.open(third, index: Self.index(third))
        #expect(Self.shown(third) == ["Pictures/a: a1.png a2.png", "Pictures/b: b1.png", "Pictures/c: c1.png"])
        let quiet = try third.waitForEvent("index") { $0.string("kind") == "reconcile-ended" }
        #expect(quiet.int("changed") == 0 && quiet.int("updated") == 0)
        #expect(third.events("update", after: 0).isEmpty)
        #expect(relaunch.warnings.all == [])
        #expect(third.warnings.all == [])
    }

    @Test func aPhotoReplacedByAFileOfTheSameSizeAndTimeIsReadAgainByItsInode() throws {
        let harness = try WallHarness()
        try Self.photo(harness, "a/a1.png")
        let a1 = harness.root + "/a/a1.png"
        try harness.setModified(a1, to: 1_700_000_000)
        try Self.open(harness, index: Self.index(harness))
        harness.wall.stop()
        // While closed: a copy renamed over it, as an editor saves: the same size and time, another inode.
        let copy = harness.root + "/a/.a1.png.saving"
        try FileManager.default.copyItem(atPath: a1, toPath: copy)
        try harness.setModified(copy, to: 1_700_000_000)
        #expect(rename(copy, a1) == 0)
        let relaunch = harness.relaunched()
        try Self.open(relaunch, index: Self.index(relaunch))
        let ended = try relaunch.waitForEvent("index") { $0.string("kind") == "reconcile-ended" }
        #expect(ended.int("changed") == 1 && ended.int("updated") == 1)
        #expect(relaunch.events("update", after: 0).map { $0.string("kind") } == ["replace"])
        #expect(relaunch.warnings.all == [])
    }

    /// A relaunch over an index an earlier version made, whose folders have no snapshot, shows them from the rows and
    /// packs each one by the end of its reconcile: the next launch reads them as one value each.
    @Test func aRelaunchPacksTheFoldersStoredWithoutASnapshot() throws {
        let harness = try WallHarness()
        for name in ["a/a1.png", "a/a2.png", "b/b1.png"] { try Self.photo(harness, name) }
        try Self.open(harness, index: Self.index(harness))
        harness.wall.stop()
        let file = harness.scratch + "/cache/library.sqlite"
        /// Runs `sql` on the index, as another program, and says how many folders it holds and how many have a
        /// snapshot.
        func folders(after sql: String = "SELECT 1") throws -> String {
            try TestTool.run([
                "python3", "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit(); "
                    + "print(c.execute('SELECT count(*), count(snapshot) FROM folder').fetchall())",
                file, sql,
            ]).output
        }
        #expect(try folders() == "[(3, 3)]\n")
        #expect(try folders(after: "UPDATE folder SET snapshot = NULL") == "[(3, 0)]\n")
        let relaunch = harness.relaunched()
        try Self.open(relaunch, index: Self.index(relaunch))
        #expect(Self.shown(relaunch) == ["Pictures/a: a1.png a2.png", "Pictures/b: b1.png"])
        let ended = try relaunch.waitForEvent("index") { $0.string("kind") == "reconcile-ended" }
        #expect(ended.int("changed") == 0)
        #expect(try folders() == "[(3, 3)]\n")
        #expect(relaunch.warnings.all == [])
    }

    /// A rating is written to the photo's sidecar, which the live folders see: its folder is stored again, and a
    /// relaunch shows the photo rated as the index read it.
    @Test func aMarkReachesTheIndexThroughTheLiveFoldersAndARelaunchShowsIt() throws {
        let harness = try WallHarness()
        for name in ["a/a1.png", "a/a2.png"] { try Self.photo(harness, name) }
        try Self.open(harness, index: Self.index(harness))
        try harness.click(1)
        try harness.act("4", "mark")
        let a2 = FilePath(harness.root + "/a/a2.png")
        try harness.wait("the rating in the index") {
            let photos = (try? Self.index(harness).photos(in: a2.removingLastComponent())) ?? []
            return photos.map(\.marks) == [PhotoMarks(), PhotoMarks(rating: 4)]
        }
        harness.wall.stop()
        let relaunch = harness.relaunched()
        try Self.open(relaunch, index: Self.index(relaunch))
        #expect(try relaunch.card(1).marks == PhotoMarks(rating: 4))
        #expect(relaunch.events("index", after: 0).first?.string("kind") == "read")
        #expect(harness.warnings.all == [] && relaunch.warnings.all == [])
    }
}
