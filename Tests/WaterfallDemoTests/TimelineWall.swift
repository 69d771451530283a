import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// One photo of a `TimelineWall`: a picture of one colour, the date taken its EXIF says (DateTimeOriginal, as
/// exiftool writes "2024:03:20 10:00:00"), else the modification time `touch -d` gives it, and the rating of its XMP
/// sidecar (-1: rejected), if any.
struct TimelinePhoto {
    var name: String
    var color: String
    var taken: String? = nil
    var modified: String? = nil
    var rating: Int? = nil
}

/// `waterfall` (800 × 620, 3 columns, a home of its own) on a folder of small photos whose dates taken and ratings the
/// test sets with exiftool and touch, once the walk has ended and every picture in view is drawn; what the wall then
/// shows, and what a person sees of it.
final class TimelineWall {
    let folder: GeneratedImages
    let home: GeneratedImages
    let demo: RunningDemo
    /// The position of the walk's last `scanned` event: the wall's first arrangement of every photo follows it.
    let walked: Int

    /// The wall's colours the tests look for: its background, the headers' titles, the filter bar's background and text.
    static let background = RGB(0xECEFF3)
    static let title = RGB(0x1F2328)
    static let filterBar = RGB(0xFFFFFF)
    /// The scroll bar's thumb while dragged, and the scrubber label's box and text (the view's defaults).
    static let draggedThumb = RGB(0x69727D)
    static let labelBox = RGB(0x303338)
    static let labelText = RGB(0xF1F3F4)

    /// Makes `photos` (48 × 36 pixels, or `folder`'s own when given), starts the wall on them with `arguments` added and
    /// `environment`'s variables, and waits until the walk has ended and every card in view is drawn.
    init(
        _ photos: [TimelinePhoto], in folder: GeneratedImages? = nil, arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        self.folder = try folder ?? GeneratedImages()
        home = try GeneratedImages()
        for photo in photos { try Self.make(photo, in: self.folder) }
        demo = try RunningDemo(
            [self.folder.root, "--width", "800", "--height", "620", "--columns", "3"] + arguments,
            executable: "waterfall",
            environment: CullingWall.environment(home: home).merging(environment) { _, new in new })
        walked = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }.position
        try waitUntilDrawn(after: walked)
    }

    /// Makes `photo` in `folder`: its picture, its EXIF date, its modification time, its sidecar.
    static func make(_ photo: TimelinePhoto, in folder: GeneratedImages) throws {
        try folder.convert(["-size", "48x36", "xc:\(photo.color)", photo.name])
        let path = folder.path(photo.name)
        if let taken = photo.taken {
            _ = try TestTool.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=\(taken)", path])
        }
        if let rating = photo.rating {
            _ = try TestTool.run(["exiftool", "-q", "-XMP-xmp:Rating=\(rating)", "-o", path + ".xmp", path])
        }
        if let modified = photo.modified { _ = try TestTool.run(["touch", "-d", modified, path]) }
    }

    /// Waits for a frame after the first `after` events that shows cards, none of them waiting for its picture.
    @discardableResult
    func waitUntilDrawn(after: Int) throws -> Int {
        try demo.process.waitForEvent(after: after, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
        }.position
    }

    /// The wall's first arrangement of every photo the walk found (logged when the wall does not show them as walked).
    func firstArrangement() throws -> Event {
        try demo.process.waitForEvent(after: walked, "the arrangement after the walk") { $0.name == "arranged" }.event
    }

    /// Presses `key` (a keysym name) and waits for the next event named `name` after it (and `where` it holds).
    @discardableResult
    func press(
        _ key: String, until name: String, where predicate: @escaping (Event) -> Bool = { _ in true }
    ) throws -> (event: Event, position: Int) {
        let before = demo.eventCount
        try demo.key(key)
        return try demo.process.waitForEvent(after: before, "\(name) after \(key)") { $0.name == name && predicate($0) }
    }

    /// Quits with q and returns the `exit` event (the status bar's text, every element's frame).
    func quit() throws -> Event {
        try demo.key("q")
        return try demo.process.waitForEvent("the exit") { $0.name == "exit" }.event
    }

    /// The cards' file names in each section of `exit`'s elements, in their order on the wall.
    static func names(in exit: Event) -> [[String]] {
        let cards = elements(of: exit).filter { $0.kind == "cell" }.sorted { $0.index < $1.index }
        let sections = Set(cards.map(\.section)).sorted()
        return sections.map { section in
            cards.filter { $0.section == section }.map { URL(fileURLWithPath: $0.path ?? "").lastPathComponent }
        }
    }

    /// Every element (cards, headers, footer) of `exit`, in content coordinates.
    static func elements(of exit: Event) -> [LaidOutItem] {
        (exit.fields["elements"] as? [[String: Any]] ?? []).map(LaidOutItem.init(fields:))
    }

    /// The section titles an `arranged` event lists.
    static func titles(_ arranged: Event) -> [String] { arranged.fields["titles"] as? [String] ?? [] }

    /// The pixels of `shot` within `tolerance` of `colour` in each channel, in the rows `ys` (every row by default).
    static func count(near colour: RGB, in shot: Screenshot, ys: Range<Int>? = nil, tolerance: Int = 12) -> Int {
        var count = 0
        for y in ys ?? 0..<shot.height {
            for x in 0..<shot.width {
                guard let pixel = shot.pixel(x: x, y: y) else { continue }
                if abs(Int(pixel.red) - Int(colour.red)) <= tolerance
                    && abs(Int(pixel.green) - Int(colour.green)) <= tolerance
                    && abs(Int(pixel.blue) - Int(colour.blue)) <= tolerance
                {
                    count += 1
                }
            }
        }
        return count
    }

    /// Types `text` with xdotool (in a UTF-8 locale, which it reads the text in) and waits for the `filter` event
    /// of the whole text; returns the `filter` events it caused.
    @discardableResult
    func type(_ text: String, until expected: String) throws -> [Event] {
        try send(["type", text], until: expected)
    }

    /// Sends xdotool `arguments` (keys) and waits for the `filter` event of `expected`; returns the `filter` events
    /// they caused.
    @discardableResult
    func send(_ arguments: [String], until expected: String) throws -> [Event] {
        let before = demo.eventCount
        _ = try runTool("xdotool", arguments, display: demo.xvfb.display, environment: ["LC_ALL": "C.UTF-8"])
        _ = try demo.process.waitForEvent(after: before, "the filter \"\(expected)\"") {
            $0.name == "filter" && $0.string("text") == expected
        }
        return demo.events(named: "filter", after: before)
    }

    /// Binds `keysyms` to keycodes the server's keymap leaves free (`xmodmap`), so that xdotool finds them there rather
    /// than binding a scratch keycode for a moment (which it may take back before the wall looks the key up).
    func bindUnusedKeycodes(to keysyms: [String]) throws {
        let display = demo.xvfb.display
        let table = String(decoding: try runTool("xmodmap", ["-pke"], display: display), as: UTF8.self)
        let unused = table.split(separator: "\n").compactMap { line -> Int? in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)  // "keycode  93 ="
            guard parts.count == 2, parts[1].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return Int(parts[0].split(separator: " ").last ?? "")
        }.filter { $0 > 8 }
        guard unused.count >= keysyms.count else { throw X11TestError("too few free keycodes in \(table)") }
        for (code, keysym) in zip(unused.suffix(keysyms.count), keysyms) {
            _ = try runTool("xmodmap", ["-e", "keycode \(code) = \(keysym)"], display: display)
        }
    }
}
