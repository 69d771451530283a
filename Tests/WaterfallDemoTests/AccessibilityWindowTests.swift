import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The photo browser as Orca reads it: `waterfall` on a wall of six photos in a private Xvfb and a private D-Bus
/// session with its accessibility bus, read through pyatspi (`scripts/atspi-read.py`), the library a screen reader
/// reads applications with. The tests fail, never skip, without dbus, at-spi2-core, python3-pyatspi or xdotool.
@Suite(.serialized)
struct AccessibilityWindowTests {
    let images: GeneratedImages
    var photos: String { images.path("photos") }

    /// Six photos by name, with their ratings (XMP sidecars, as darktable writes them) and dates taken (EXIF), and
    /// the names a person wants read: the file, the rating, the day taken in the long form of the locale (en_GB).
    static let cards: [(file: String, rating: Int?, taken: String?, name: String)] = [
        ("beach.jpg", 5, "2021:08:02 10:00:00", "beach.jpg, 5 stars, 2 August 2021"),
        ("dunes.jpg", -1, nil, "dunes.jpg, rejected"),
        ("forest.jpg", 1, "2022:11:14 09:30:00", "forest.jpg, 1 star, 14 November 2022"),
        ("harbour.jpg", 4, "2023:03:12 17:45:00", "harbour.jpg, 4 stars, 12 March 2023"),
        ("lighthouse.jpg", nil, "2023:03:12 18:02:00", "lighthouse.jpg, 12 March 2023"),
        ("meadow.jpg", nil, nil, "meadow.jpg"),
    ]
    static var names: [String] { cards.map(\.name) }

    init() throws {
        images = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for (index, card) in Self.cards.enumerated() {
            let size = ["400x300", "300x400", "400x400", "480x270", "300x450", "400x320"][index]
            try images.convert([
                "-size", size, "xc:#\(["D02010", "E0C060", "208040", "2060C0", "F0F0E0", "60C040"][index])",
                "photos/\(card.file)",
            ])
            if let taken = card.taken { try images.exiftool("photos/\(card.file)", ["-DateTimeOriginal=\(taken)"]) }
            if let rating = card.rating {
                try Data(
                    """
                    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                     <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="\(rating)"/>
                    </rdf:RDF></x:xmpmeta>
                    """.utf8
                ).write(to: URL(fileURLWithPath: images.path("photos/\(card.file).xmp")))
            }
        }
    }

    /// `scripts/atspi-read.py`.
    static let reader = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/atspi-read.py").path

    /// The wall in a window of `height` points on a private accessibility bus, once its bridge runs.
    func launch(height: Int = 620) throws -> (demo: RunningDemo, bus: AccessibilityBus) {
        let bus = try AccessibilityBus()
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", String(height), "--columns", "3"], executable: "waterfall",
            environment: bus.environment.merging(["LC_ALL": "", "LC_TIME": "en_GB.UTF-8", "NO_AT_BRIDGE": ""]) { $1 }
        ) { xvfb in try bus.startLauncher(display: xvfb.display) }
        try demo.process.waitForEvent("the accessibility bridge running") {
            $0.name == "accessibility" && $0.string("state") == "running"
        }
        return (demo, bus)
    }

    /// Runs `scripts/atspi-read.py` with `arguments` in the session of `bus`, and returns what it printed.
    func read(_ arguments: [String], demo: RunningDemo, bus: AccessibilityBus) throws -> String {
        try runAtspiReader(Self.reader, arguments, display: demo.xvfb.display, environment: bus.environment)
    }

    /// The application's tree as pyatspi reads it, parsed.
    func tree(demo: RunningDemo, bus: AccessibilityBus, application: String = "Waterfall") throws -> AccessibleEntry {
        let json = try read(["tree", application, "--json"], demo: demo, bus: bus)
        return try AccessibleEntry(json: Data(json.utf8))
    }

    @Test func orcaFindsTheApplicationItsListTheCardsByNameAndTheFocusAfterTheArrows() throws {
        let (demo, bus) = try launch()
        defer { withExtendedLifetime(bus) {} }
        let application = try tree(demo: demo, bus: bus)
        let dump = try read(["tree", "Waterfall"], demo: demo, bus: bus)
        #expect(application.role == "application" && application.name == "Waterfall")
        #expect(application.toolkit == "Waterfall")
        let frame = try #require(application.children.first)
        #expect(frame.role == "frame" && frame.name == "Waterfall")
        #expect(frame.children.map(\.role) == ["list", "status bar"])
        let list = frame.children[0]
        #expect(list.name == "Photos" && list.about == "6 photos")
        #expect(
            Set(["focused", "focusable", "manages-descendants", "multiselectable", "showing"]).isSubset(of: list.states)
        )
        // The section's header, then the six cards in the folder's order, each named as a person wants it read.
        let bar = try #require(demo.events(named: "bar", after: 0).first { $0.string("kind") == "header" })
        #expect(list.children.map(\.role) == ["heading"] + Array(repeating: "list item", count: 6))
        #expect(list.children.first?.name == "\(bar.string("title") ?? "?"), 6 photos")
        #expect(list.children.dropFirst().map(\.name) == Self.names)
        for (position, card) in list.children.dropFirst().enumerated() {
            #expect(
                card.states == ["enabled", "focusable", "selectable", "sensitive", "showing", "transient", "visible"])
            #expect(card.attributes == ["posinset": String(position + 1), "setsize": "6"])
        }
        let status = frame.children[1]
        #expect(status.name.hasPrefix("6 photos in 1 folder"), "\(status.name)")

        // The focus follows the keyboard, with focus and selection events.
        let listener = try PrintingProcess(
            [debianPython, Self.reader, "listen", "Waterfall"],
            environment: bus.environment.merging(["DISPLAY": demo.xvfb.display]) { $1 })
        try listener.waitForLine("listening") { $0 == "listening" }
        let beforeKeys = demo.eventCount
        try demo.key("Right")  // nothing focused: the first card in view, selected alone
        let first = Self.names[0]
        try listener.waitForLine("the first card's focus") { $0 == "focus: 0 list item: \(first)" }
        for line in [
            "object:state-changed:selected 1 list item: \(first)", "object:selection-changed 0 list: Photos",
            "object:state-changed:focused 0 list: Photos",
            "object:active-descendant-changed 1 list: Photos -> list item: \(first)",
            "object:state-changed:focused 1 list item: \(first)",
        ] {
            #expect(listener.lines.contains(line), "\(line) in \(listener.lines)")
        }
        let afterFirst = listener.lines.count
        try demo.key("Right")
        let selected = try demo.process.waitForEvent(after: beforeKeys, "the second card selected") {
            $0.name == "select" && $0.int("index") != 0
        }.event
        let second = Self.names[selected.int("index") ?? 0]
        try listener.waitForLine(after: afterFirst, "the second card's focus") { $0 == "focus: 0 list item: \(second)" }
        #expect(listener.lines.dropFirst(afterFirst).contains("object:state-changed:selected 0 list item: \(first)"))
        #expect(try read(["focused", "Waterfall"], demo: demo, bus: bus) == "list item: \(second)\n")

        // Enter opens the lightbox: the photo is an image with a description, and has the focus.
        let afterSecond = listener.lines.count
        try demo.key("Return")
        try listener.waitForLine(after: afterSecond, "the image's focus") { $0 == "focus: 0 image: \(second)" }
        let lightbox = try tree(demo: demo, bus: bus)
        let shown = try #require(lightbox.children.first?.children.first { $0.role == "image" })
        #expect(shown.name == second && shown.states.contains("focused"))
        let card = try #require(Self.cards.first { $0.name == second })
        let size = try #require(
            [
                "beach.jpg": (400, 300), "dunes.jpg": (300, 400), "forest.jpg": (400, 400), "harbour.jpg": (480, 270),
                "lighthouse.jpg": (300, 450), "meadow.jpg": (400, 320),
            ][card.file])
        #expect(shown.imageDescription?.hasPrefix("\(size.0) by \(size.1) pixels, ") == true, "\(shown)")
        #expect(shown.imageSize == [size.0, size.1])
        let lightboxDump = try read(["tree", "Waterfall"], demo: demo, bus: bus)

        // What pyatspi read, for a person to look at (and the closing note of the issue).
        let record = [
            "# waterfall on six photos, as pyatspi reads it (scripts/atspi-read.py tree Waterfall)", dump,
            "# events after xdotool key Right, Right (scripts/atspi-read.py listen Waterfall)",
            listener.lines.dropFirst().joined(separator: "\n"),
            "", "# the focused object (scripts/atspi-read.py focused Waterfall)", "list item: \(second)",
            "", "# after Return: the lightbox", lightboxDump,
        ]
        try record.joined(separator: "\n").write(
            toFile: artifactPath("accessibility-six-photos.txt"), atomically: true, encoding: .utf8)
        demo.expectNoXErrors()
    }

    /// Only the cards in view are the list's children; the list says how many photos there are, and each card its
    /// place among them.
    @Test func onlyTheCardsInViewAreObjectsAndTheListSaysTheCount() throws {
        let (demo, bus) = try launch(height: 300)
        defer { withExtendedLifetime(bus) {} }
        let list = try #require(try tree(demo: demo, bus: bus).children.first?.children.first)
        #expect(list.about == "6 photos")
        let cards = list.children.filter { $0.role == "list item" }
        #expect(!cards.isEmpty && cards.count < 6, "\(list.children.map(\.name))")
        #expect(cards.map(\.name) == Array(Self.names.prefix(cards.count)))
        #expect(cards.last?.attributes["posinset"] == String(cards.count) && cards.last?.attributes["setsize"] == "6")
        try demo.key("End")  // to the last card, at the bottom
        try demo.process.waitForEvent("the last card selected") { $0.name == "select" && $0.int("index") == 5 }
        var children: [AccessibleEntry] = []
        try waitUntil("the last card in the list's children, focused") {
            children = try tree(demo: demo, bus: bus).children.first?.children.first?.children ?? []
            return children.contains { $0.name == Self.names[5] && $0.states.contains("focused") }
        }
        // The loop serves GLib's main context too: it waits on more than the connection and the wake pipe.
        let pid = try #require(demo.process.processIdentifier)
        try waitUntil("the loop waiting on the bus's descriptors too") {
            (try PollWait.current(process: pid, thread: pid)?.descriptors ?? 0) > 2
        }
        let inView = children.filter { $0.role == "list item" }.map(\.name)
        #expect(inView.count < 6 && !inView.contains(Self.names[0]) && inView.last == Self.names[5], "\(inView)")
    }

    /// A million cards (the demo's `--items 1000000`) are read as the cards in view and their count: the list's
    /// children are a screen's, its description says a million, each card its place among them, and End brings the
    /// millionth into the children, focused.
    @Test func aMillionCardsAreTheCardsInViewAndTheirCount() throws {
        let bus = try AccessibilityBus()
        let demo = try RunningDemo(
            ["--items", "1000000", "--width", "800", "--height", "620"],
            environment: bus.environment.merging(["NO_AT_BRIDGE": ""]) { $1 }
        ) { xvfb in try bus.startLauncher(display: xvfb.display) }
        defer { withExtendedLifetime(bus) {} }
        try demo.process.waitForEvent("the accessibility bridge running") {
            $0.name == "accessibility" && $0.string("state") == "running"
        }
        let application = try tree(demo: demo, bus: bus, application: "Waterfall demo")
        let list = try #require(application.children.first?.children.first)
        #expect(list.name == "Cards" && list.about == "1,000,000 cards")
        let cards = list.children.filter { $0.role == "list item" }
        #expect(cards.count > 3 && cards.count < 40, "\(cards.count) cards in view")
        #expect(list.children.first?.role == "heading" && list.children.first?.name == "Synthesised, 1,000,000 cards")
        #expect(cards.first?.name == "Card 1, synthesised item")
        #expect(cards.first?.attributes == ["posinset": "1", "setsize": "1000000"])
        try demo.key("End")
        var last: AccessibleEntry?
        try waitUntil("the millionth card among the list's children, focused") {
            let children =
                try tree(demo: demo, bus: bus, application: "Waterfall demo").children.first?.children
                .first?.children ?? []
            last = children.first { $0.name == "Card 1000000, synthesised item" && $0.states.contains("focused") }
            return last != nil
        }
        #expect(last?.attributes["posinset"] == "1000000")
    }

    /// Where no accessibility bus runs, nothing starts: without a session bus (and `XDG_RUNTIME_DIR`'s) the bridge
    /// says so at once, with a session bus it asks whether the bus launcher runs and hears that it does not, and
    /// with `NO_AT_BRIDGE=1` it does not look. Then the idle loop waits as it would without accessibility: on the
    /// connection and the wake pipe, without a timeout.
    @Test(arguments: ["no session bus", "a session bus without the launcher", "NO_AT_BRIDGE=1"])
    func withoutAnAccessibilityBusNothingStarts(_ session: String) throws {
        let bus = session == "a session bus without the launcher" ? try AccessibilityBus() : nil
        var environment = [
            "DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "", "AT_SPI_BUS_ADDRESS": "", "NO_AT_BRIDGE": "",
        ]
        if let bus { environment.merge(bus.environment) { $1 } }
        if session == "NO_AT_BRIDGE=1" { environment["NO_AT_BRIDGE"] = "1" }
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            environment: environment)
        defer { withExtendedLifetime(bus) {} }
        let final = session == "NO_AT_BRIDGE=1" ? "disabled" : "noBus"
        try demo.process.waitForEvent("the bridge's last state") {
            $0.name == "accessibility" && $0.string("state") == final
        }
        let states = demo.events(named: "accessibility", after: 0).compactMap { $0.string("state") }
        #expect(states == (final == "disabled" ? [final] : ["looking", final]))
        let pid = try #require(demo.process.processIdentifier)
        try PollWait.waitUntil(PollWait(descriptors: 2, isForever: true), process: pid, thread: pid)
    }
}

/// One object of `atspi-read.py tree --json`.
struct AccessibleEntry {
    var role: String
    var name: String
    var states: Set<String>
    /// The object's description.
    var about: String?
    var attributes: [String: String]
    var imageDescription: String?
    var imageSize: [Int]?
    var toolkit: String?
    var children: [AccessibleEntry]

    init(json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw X11TestError("atspi-read.py printed no object: \(String(decoding: json, as: UTF8.self))")
        }
        self.init(object)
    }

    init(_ object: [String: Any]) {
        role = object["role"] as? String ?? "?"
        name = object["name"] as? String ?? "?"
        states = Set(object["states"] as? [String] ?? [])
        about = object["description"] as? String
        attributes = object["attributes"] as? [String: String] ?? [:]
        imageDescription = object["imageDescription"] as? String
        imageSize = (object["imageSize"] as? [NSNumber])?.map(\.intValue)
        toolkit = object["toolkit"] as? String
        children = (object["children"] as? [[String: Any]] ?? []).map(AccessibleEntry.init)
    }
}
