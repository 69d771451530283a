import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import WallEventLogging
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotoWall

@testable import WaterfallPhotos

/// A folder of small photos made in-process (PNGs through the wall's own encoder), a wall over it in a `FakeWindow`,
/// and the steps a test takes: walk, press keys, wait for the pictures, read the wall's event log.
final class WallHarness {
    /// The folder the photos are made in: `Pictures` in a temporary folder of the harness's own.
    let root: String
    /// The temporary folder: the root, the home of the Trash (`home/share/Trash`), the log.
    let scratch: String
    private(set) var wall: PhotoWall!
    private(set) var window: FakeWindow!
    /// The program's log of the wall's events (the wall holds its observer weakly).
    private var eventLog: WallEventLog?
    /// Where the wall's event log is written, a JSON object a line.
    private let logPath: String
    /// What `Configuration.warn` said, in order.
    let warnings = Warnings()
    /// The harness this one relaunches, kept while this one is (it removes the folder when it goes).
    private let relaunching: WallHarness?

    /// An empty folder under the temporary directory, removed with the harness.
    init() throws {
        scratch = NSTemporaryDirectory() + "wall-\(UUID().uuidString)"
        root = scratch + "/Pictures"
        logPath = scratch + "/log.jsonl"
        relaunching = nil
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// A harness for a relaunch of `previous`'s wall (stopped first): the same folders, so the same index and Trash,
    /// and a log of its own.
    private init(relaunching previous: WallHarness) {
        previous.wall?.stop()
        scratch = previous.scratch
        root = previous.root
        logPath = scratch + "/log-\(UUID().uuidString).jsonl"
        relaunching = previous
    }

    /// A harness for a relaunch of this one's wall, which it stops: the same root and scratch folder.
    func relaunched() -> WallHarness { WallHarness(relaunching: self) }

    deinit {
        wall?.stop()
        if relaunching == nil { try? FileManager.default.removeItem(atPath: scratch) }
    }

    /// The Trash the wall moves photos to: `home/share/Trash` in the scratch folder.
    var trash: String { scratch + "/home/share/Trash" }

    /// Writes a `width` × `height` PNG of one `colour` (0xRRGGBB) at `name` under the root (folders made as needed),
    /// with an `eXIf` chunk of `exif` (a TIFF block: `HeaderBytes.tiff(orientation:date:littleEndian:)`) when given,
    /// modified at `modified` seconds after the epoch when given; returns its path.
    @discardableResult
    func photo(
        _ name: String, width: Int = 40, height: Int = 30, colour: UInt32 = 0x3366CC, exif: [UInt8]? = nil,
        modified: TimeInterval? = nil
    ) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var bytes = PNGEncoder.encode(
            width: width, height: height, pixels: [UInt32](repeating: colour, count: width * height), texts: [])!
        if let exif {
            // After the signature (8 bytes) and IHDR (25): where a camera's eXIf goes, before the image data.
            bytes.insert(contentsOf: HeaderBytes.pngChunk("eXIf", exif), at: 33)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let modified { try setModified(path, to: modified) }
        return path
    }

    /// Writes a `width` × `height` PNG whose pixel at (x, y) is `paint(x, y)` (0xRRGGBB) at `name` under the root;
    /// returns its path.
    @discardableResult
    func photo(_ name: String, width: Int, height: Int, paint: (Int, Int) -> UInt32) throws -> String {
        let path = root + "/" + name
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = paint(x, y) }
        }
        let bytes = PNGEncoder.encode(width: width, height: height, pixels: pixels, texts: [])!
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The bytes of a photo `photo(_:)` makes, for a test to write where it wants (`staging`, then renamed in).
    func photoBytes(width: Int = 40, height: Int = 30, colour: UInt32 = 0x3366CC) -> Data {
        Data(
            PNGEncoder.encode(
                width: width, height: height, pixels: [UInt32](repeating: colour, count: width * height), texts: [])!)
    }

    /// Sets the modification time of `path` to `seconds` after the epoch.
    func setModified(_ path: String, to seconds: TimeInterval) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
    }

    /// Shows a wall of `paths` (the root when empty), set up by `configure`, in a fake window of `size` with the
    /// column policy `columns`, and turns its loop until the walk ends.
    func open(
        _ paths: [String] = [], size: Size = Size(width: 800, height: 600),
        columns: ColumnPolicy = ColumnPolicy(portraitColumns: 3, landscapeColumns: 5),
        configure: (inout PhotoWall.Configuration) -> Void = { _ in }
    ) throws {
        var configuration = PhotoWall.Configuration(paths: paths.isEmpty ? [root] : paths)
        configuration.trash = Trash(home: FilePath(scratch + "/home/share/Trash"))
        let warnings = warnings
        configuration.warn = { warnings.append($0) }
        configure(&configuration)
        let wall = PhotoWall(configuration, columnPolicy: columns)
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logPath])
        }
        // The lines `waterfall --log-events` writes, from the wall's typed events.
        eventLog = WallEventLog(
            log: EventLog(output: try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))), wall: wall)
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

    /// Turns the loop until `condition` holds, failing the test (`description` says what was awaited) when no wake
    /// comes for long while it does not.
    func wait(_ description: String, until condition: () -> Bool) throws {
        try #require(try window.runUntil(condition), "no \(description)")
    }

    /// Turns the loop until the wall logs an event named `name` after the first `after` events (for which `predicate`
    /// holds), and returns it.
    @discardableResult
    func waitForEvent(
        _ name: String, after: Int = 0, where predicate: (WallEvent) -> Bool = { _ in true }
    ) throws -> WallEvent {
        var found: WallEvent?
        try wait("\(name) event") {
            found = events(name, after: after).first(where: predicate)
            return found != nil
        }
        return try #require(found)
    }

    /// Presses `key` and turns the loop until the file action it starts ends; returns its `fileAction` event.
    @discardableResult
    func act(_ key: String, _ action: String, undo: Bool = false) throws -> WallEvent {
        try act(key, [], action, undo: undo)
    }

    /// Presses `key` with `modifiers` and turns the loop until the file action it starts ends; returns its
    /// `fileAction` event.
    @discardableResult
    func act(_ key: String, _ modifiers: ModifierKeys, _ action: String, undo: Bool = false) throws -> WallEvent {
        let before = eventCount
        try window.press(key, modifiers)
        return try waitForEvent("fileAction", after: before) {
            $0.string("action") == action && $0.bool("undo") == undo
        }
    }

    // MARK: The cards

    /// The cards' titles, section by section.
    var titles: [[String]] { wall.items.sections.map { $0.cards.map(\.title) } }

    /// The status bar's last part, "cache 1/256 MB", as the window's pictures make it now: they arrive on their own
    /// (a card's picture may be decoded before a step's expectation, or after it).
    var cacheText: String { "cache \(window.imageByteCount >> 20)/256 MB" }

    /// The card at `index` among all the cards shown.
    func card(_ index: Int) throws -> PhotoCard {
        wall.items[try #require(wall.items.path(ofIndex: index), "no card \(index)")]
    }

    /// The path of card `index`.
    func path(_ index: Int) throws -> ItemPath { try #require(wall.items.path(ofIndex: index), "no card \(index)") }

    /// Where card `index` is in the viewport (view coordinates: its frame less the scroll offset).
    func frameInView(_ index: Int) throws -> Rect {
        try #require(wall.collectionView.frameOfItem(try path(index)), "card \(index) is not laid out")
    }

    /// Card `index`'s frame in the content.
    func frame(_ index: Int) throws -> Rect {
        try #require(
            wall.collectionView.layout.layoutAttributesForItem(at: try path(index))?.frame,
            "card \(index) is not laid out")
    }

    /// Clicks card `index` (at its middle) with `modifiers` held, as a user selects it.
    func click(_ index: Int, _ modifiers: ModifierKeys = []) throws {
        let frame = try frameInView(index)
        try window.click(at: Point(x: frame.midX, y: frame.midY), modifiers: modifiers)
    }

    /// The indices of the selected cards, in order.
    var selectedIndices: [Int] { wall.collectionView.indexPathsForSelectedItems.map { wall.items.index(of: $0) } }

    // MARK: The log

    /// The events the wall logged so far.
    var eventCount: Int { loggedEvents().count }

    /// The events named `name` (every event when `nil`) after the first `after`.
    func events(_ name: String? = nil, after: Int = 0) -> [WallEvent] {
        loggedEvents().dropFirst(after).filter { name == nil || $0.name == name }
    }

    private func loggedEvents() -> [WallEvent] {
        guard let data = FileManager.default.contents(atPath: logPath) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]).map(WallEvent.init(fields:))
        }
    }
}

/// One event of the wall's log: its name and fields.
struct WallEvent {
    let fields: [String: Any]
    var name: String { fields["event"] as? String ?? "" }

    /// The value at the path of `keys` into nested objects.
    func value(_ keys: [String]) -> Any? {
        var value: Any? = fields
        for key in keys { value = (value as? [String: Any])?[key] }
        return value
    }

    func string(_ keys: String...) -> String? { value(keys) as? String }
    func int(_ keys: String...) -> Int? { (value(keys) as? NSNumber)?.intValue }
    func double(_ keys: String...) -> Double? { (value(keys) as? NSNumber)?.doubleValue }
    func bool(_ keys: String...) -> Bool? { value(keys) as? Bool }
    func ints(_ keys: String...) -> [Int]? { (value(keys) as? [NSNumber])?.map(\.intValue) }
    func strings(_ keys: String...) -> [String]? { value(keys) as? [String] }
}

/// What the wall said through `Configuration.warn`, from any thread.
final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []

    func append(_ warning: String) { lock.withLock { said.append(warning) } }
    var all: [String] { lock.withLock { said } }
}
