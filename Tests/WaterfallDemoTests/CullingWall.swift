import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// `waterfall` on a folder of three photos (a.jpg 400 × 300 red, b.jpg 300 × 400 green, c.png 400 × 300 blue; 800 ×
/// 620, 3 columns) with a home of its own (`XDG_DATA_HOME`, so its Trash, `XDG_CACHE_HOME` and `XDG_CONFIG_HOME`
/// under `home`), once every picture is drawn: the culling tests' common steps.
final class CullingWall {
    let folder: GeneratedImages
    let home: GeneratedImages
    let demo: RunningDemo

    /// The photos' names, colours and sizes.
    static let photos: [(name: String, color: String, width: Int, height: Int)] = [
        ("a.jpg", "#D02020", 400, 300), ("b.jpg", "#20A040", 300, 400), ("c.png", "#2040C0", 400, 300),
    ]

    /// The environment that gives the program `home`'s folders.
    static func environment(home: GeneratedImages) -> [String: String] {
        [
            "XDG_DATA_HOME": home.path("data"), "XDG_CACHE_HOME": home.path("cache"),
            "XDG_CONFIG_HOME": home.path("config"),
            "HOME": home.folder.path,
        ]
    }

    /// Makes the photos (in `folder`, when given: a test's own mount; none when `photos` is false: the folder has its
    /// own), starts the wall with `arguments` added and `environment`'s variables, and waits until every card's
    /// picture is drawn.
    init(
        in folder: GeneratedImages? = nil, photos: Bool = true, arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        self.folder = try folder ?? GeneratedImages()
        home = try GeneratedImages()
        for photo in Self.photos where photos {
            try self.folder.convert(["-size", "\(photo.width)x\(photo.height)", "xc:\(photo.color)", photo.name])
        }
        demo = try RunningDemo(
            [self.folder.root, "--width", "800", "--height", "620", "--columns", "3"] + arguments,
            executable: "waterfall", environment: Self.environment(home: home).merging(environment) { _, new in new })
        let walked = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try waitUntilDrawn(after: walked.position)
    }

    /// Waits for a frame after the first `after` events that shows cards, none of them waiting for its picture.
    func waitUntilDrawn(after: Int) throws {
        _ = try demo.process.waitForEvent(after: after, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
        }
    }

    /// Waits until the window has handled every input and action result before (a pull's frame: see
    /// `RunningDemo.syncWithAPull`) and then drawn every picture in view.
    func settle() throws {
        let last = try demo.syncWithAPull(after: demo.eventCount)
        try waitUntilDrawn(after: last)
    }

    /// Selects the card at `index` alone (the folder's cards in the order walked), by a click on it, and waits for
    /// its `select` event.
    func select(_ index: Int) throws {
        let card = try #require(try cards().first { $0.index == index })
        let before = demo.eventCount
        try demo.click(x: card.x + card.width / 2, y: card.y + card.height / 2)
        _ = try demo.process.waitForEvent(after: before, "card \(index) selected") {
            $0.name == "select" && $0.int("index") == index
        }
    }

    /// Presses `key` and waits for the file action it starts to end; returns its `fileAction` event.
    @discardableResult
    func act(_ key: String, _ action: String, undo: Bool = false) throws -> Event {
        let before = demo.eventCount
        try demo.key(key)
        return try demo.process.waitForEvent(after: before, "the \(action) action's end") {
            $0.name == "fileAction" && $0.string("action") == action && $0.fields["undo"] as? Bool == undo
        }.event
    }

    /// The cards' frames as the window lays out the folder as walked (the `layout` command's).
    func cards() throws -> [LaidOutItem] {
        try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ]).items
    }

    /// Runs a tool with the wall's home as its environment (`trash-list`, `trash-restore`).
    func runWithHome(_ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = Self.environment(home: home).map { "\($0.key)=\($0.value)" } + arguments
        let output = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardInput = inputPipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw X11TestError("\(arguments) failed (\(process.terminationStatus)): \(text)")
        }
        return text
    }
}
