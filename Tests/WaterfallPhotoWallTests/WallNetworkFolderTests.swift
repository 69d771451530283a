import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import WaterfallPhotoWall
import WaterfallPhotos

/// A folder on a network file system (a bindfs FUSE mount here, as a NAS's share): its changes made elsewhere (in the
/// mount's source) reach no inotify watch at the mount point, so the wall polls it, one stat a folder, and they still
/// arrive as the live folders' updates.
@Suite struct WallNetworkFolderTests {
    @Test func aFUSEMountIsANetworkFileSystemAndALocalFolderIsNot() throws {
        let harness = try WallHarness()
        let mount = try BindfsMount(harness.root, at: harness.scratch + "/nas")
        #expect(FileSystemKind.of(FilePath(mount.folder)) == .network("FUSE"))
        #expect(FileSystemKind.of(FilePath(harness.root))?.isNetwork == false)
        #expect(FileSystemKind.of(FilePath(harness.scratch + "/not-there")) == nil)
    }

    /// `name` (80 × 20) written in the harness's root, the mount's source, as another machine writes to the NAS.
    static func write(_ name: String, in harness: WallHarness) throws {
        try harness.photoBytes(width: 80, height: 20).write(to: URL(fileURLWithPath: harness.root + "/" + name))
    }

    /// The harness's wall open on a bindfs mount of its root, which holds a1.png, polled every 200 ms.
    static func openOnAMount(_ harness: WallHarness) throws -> BindfsMount {
        try write("a1.png", in: harness)
        let mount = try BindfsMount(harness.root, at: harness.scratch + "/nas")
        try harness.open([mount.folder], columns: .fixed(4)) { $0.networkPollInterval = .milliseconds(200) }
        return mount
    }

    @Test func changesMadeBehindAMountArriveByPolling() throws {
        let harness = try WallHarness()
        let source = harness.root
        let mount = try Self.openOnAMount(harness)
        #expect(harness.titles == [["a1.png"]])
        // Made in the source, as another machine writes to the NAS: the mount's inotify watch hears nothing.
        try Self.write("a2.png", in: harness)
        try harness.wait("the poll's update") { harness.titles == [["a1.png", "a2.png"]] }
        try FileManager.default.removeItem(atPath: source + "/a1.png")
        try harness.wait("the poll's removal") { harness.titles == [["a2.png"]] }
        #expect(harness.warnings.all == [])
        withExtendedLifetime(mount) {}  // mounted until the wall is done with it
    }

    /// bindfs stopped, as a NAS switched off: a poll waits for it a few seconds at most, the status bar says so and the
    /// wall goes on; once it answers again, the next poll finds what changed meanwhile.
    @Test func aMountThatStopsAnsweringIsSaidInTheStatusBarAndPolledAgain() throws {
        let harness = try WallHarness()
        let mount = try Self.openOnAMount(harness)
        mount.stopAnswering()
        let silent = try harness.waitForEvent("networkFolder") { $0.string("state") == "not-answering" }
        #expect(silent.string("folder") == mount.folder)
        #expect(
            harness.wall.statusText.hasPrefix("\(mount.folder) is not answering; trying again · 1 photo in 1 folder"))
        #expect(harness.titles == [["a1.png"]])
        try Self.write("a2.png", in: harness)
        mount.resume()
        try harness.waitForEvent("networkFolder") { $0.string("state") == "answering" }
        try harness.wait("the poll after the mount answered") { harness.titles == [["a1.png", "a2.png"]] }
        #expect(harness.wall.statusText.hasPrefix("2 photos in 1 folder"))
        #expect(harness.warnings.all == [])
        withExtendedLifetime(mount) {}  // mounted until the wall is done with it
    }
}
