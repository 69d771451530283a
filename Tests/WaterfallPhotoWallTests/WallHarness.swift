import Foundation
import SystemPackage
import Testing
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall

@testable import WaterfallPhotos

/// A folder of small photos made in-process (PNGs through the wall's own encoder), a wall over it in a `FakeWindow`,
/// and the steps a test takes: walk, press keys, wait for the pictures.
final class WallHarness {
    /// The folder the photos are made in: `Pictures` in a temporary folder of the harness's own.
    let root: String
    private let scratch: String
    private(set) var wall: PhotoWall!
    private(set) var window: FakeWindow!

    /// An empty folder under the temporary directory, removed with the harness.
    init() throws {
        scratch = NSTemporaryDirectory() + "wall-\(UUID().uuidString)"
        root = scratch + "/Pictures"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        wall?.stop()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Writes a `width` × `height` PNG of one `colour` (0xRRGGBB) at `name` under the root (folders made as needed),
    /// modified at `modified` seconds after the epoch when given; returns its path.
    @discardableResult
    func photo(
        _ name: String, width: Int = 40, height: Int = 30, colour: UInt32 = 0x3366CC, modified: TimeInterval? = nil
    ) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = PNGEncoder.encode(
            width: width, height: height, pixels: [UInt32](repeating: colour, count: width * height), texts: [])!
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let modified {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: modified)], ofItemAtPath: path)
        }
        return path
    }

    /// Shows a wall of `paths` (the root when empty), set up by `configure`, in a fake window of `size`, and turns
    /// its loop until the walk ends.
    func open(
        _ paths: [String] = [], size: Size = Size(width: 800, height: 600),
        configure: (inout PhotoWall.Configuration) -> Void = { _ in }
    ) throws {
        var configuration = PhotoWall.Configuration(paths: paths.isEmpty ? [root] : paths)
        configuration.trash = Trash(home: FilePath(scratch + "/home/share/Trash"))
        configure(&configuration)
        let wall = PhotoWall(configuration)
        let window = try FakeWindow(collectionView: wall.collectionView, size: size)
        wall.show(in: window)
        self.wall = wall
        self.window = window
        try #require(window.runUntil { wall.isWalkDone }, "the walk of \(paths) did not end")
    }

    /// Turns the loop until every picture asked for has arrived.
    func waitForPictures() throws {
        try #require(window.runUntil { wall.isIdle }, "the pictures did not arrive")
    }

    /// The cards' titles, section by section.
    var titles: [[String]] { wall.items.sections.map { $0.cards.map(\.title) } }
}
