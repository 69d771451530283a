import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos
import WaterfallX11

/// `--log-events`: what the wall (`PhotoWallEvent`) and its window (its frames, inputs and cursor) report, written as
/// the JSON lines docs/event-log.md lists. The program's words for the library's typed events: the wall and the window
/// hold it weakly, so the session keeps it.
package final class WallEventLog: PhotoWallObserver, WaterfallWindowObserver {
    /// Where the lines go.
    package let log: EventLog
    /// The wall observed: its view and its pictures still to draw, for the window's events.
    private unowned let wall: PhotoWall

    /// Lines written to `log`, observing `wall` from now on (which holds it weakly: the caller keeps it).
    package init(log: EventLog, wall: PhotoWall) {
        self.log = log
        self.wall = wall
        wall.observer = self
    }

    /// Observes `window`, which shows the wall, too.
    package func observe(_ window: WaterfallWindow) {
        window.observer = self
    }

    // MARK: The wall

    package func photoWall(_ wall: PhotoWall, didReport event: PhotoWallEvent) {
        switch event {
        case .scanned(let counts, let isDone):
            log.log(
                "scanned",
                [
                    ("found", .int(counts.found)), ("skipped", .int(counts.skipped)),
                    ("unreadable", .int(counts.unreadable)), ("loops", .int(counts.loops)),
                    ("foldersLeft", .int(counts.foldersLeft)), ("done", .bool(isDone)),
                    ("skippedKinds", .object(counts.skippedKindsByCount.map { ($0.kind.rawValue, .int($0.count)) })),
                ])
        case .index(let activity):
            switch activity {
            case .read(let folders, let photos):
                log.log("index", [("kind", .string("read")), ("folders", .int(folders)), ("photos", .int(photos))])
            case .reconcileStarted(let folders):
                log.log("index", [("kind", .string("reconcile-started")), ("folders", .int(folders))])
            case .reconcileEnded(let changed, let gone, let new, let updated, let duration):
                log.log(
                    "index",
                    [
                        ("kind", .string("reconcile-ended")), ("changed", .int(changed)), ("gone", .int(gone)),
                        ("new", .int(new)), ("updated", .int(updated)), ("ms", .number(Self.milliseconds(duration))),
                    ])
            case .notAnswering(let folder):
                log.log("networkFolder", [("state", .string("not-answering")), ("folder", .string(folder.string))])
            case .answeringAgain:
                log.log("networkFolder", [("state", .string("answering"))])
            case .polled(let folders, let duration):
                log.log(
                    "networkFolder",
                    [
                        ("state", .string("polled")), ("folders", .int(folders)),
                        ("ms", .number(Self.milliseconds(duration))),
                    ])
            }
        case .updated(let kind, let indices, let itemCount):
            log.log(
                "update",
                [
                    ("kind", .string(Self.name(of: kind))), ("indices", .array(indices.map { .int($0) })),
                    ("items", .int(itemCount)),
                ])
        case .arranged(let itemCount, let sectionCount, let titles):
            log.log(
                "arranged",
                [
                    ("items", .int(itemCount)), ("sections", .int(sectionCount)),
                    ("titles", .array(titles.prefix(20).map { .string($0) })),
                ])
        case .displayProfile(let profile):
            log.log("displayProfile", [("name", .string(profile.map { $0.name ?? "unnamed" } ?? "sRGB"))])
        case .thumbnail(let index, let width, let height, let seconds, let source):
            log.log(
                "thumbnail",
                [
                    ("index", .int(index)), ("width", .int(width)), ("height", .int(height)),
                    ("decodeMs", .number((seconds * 1e4).rounded() / 10)), ("source", .string(source.rawValue)),
                ])
        case .thumbnailFailed(let index, let file, let reason):
            log.log(
                "thumbnailFailed",
                [("index", .int(index)), ("path", .string(file.string)), ("reason", .string(reason))])
        case .infoLine(let index, let line):
            log.log("info", [("index", .int(index)), ("line", .string(line))])
        case .columnsAhead(let counts):
            log.log("columnsAhead", [("columns", .array(counts.map { .int($0) }))])
        case .item(let change, let path, let index):
            ViewEventLog(log: log).logItem(Self.name(of: change), path, index: index)
        case .bar(let kind, let section, let title, let detail):
            ViewEventLog(log: log).logBar(kind: kind, section: section, title: title, detail: detail)
        case .scrolled(let offset):
            log.log("scroll", [("offset", .number(offset))])
        case .laidOut(let ahead):
            guard let window = wall.window else { return }
            log.log(
                "layout",
                ViewEventLog.layoutFields(
                    of: wall.collectionView, origin: window.viewportFrame.origin, scale: window.scale)
                    + [("ahead", .int(ahead))])
        case .scrubber(let offset, let title, let section):
            log.log("scrubber", [("offset", .number(offset)), ("text", .string(title)), ("section", .int(section))])
        case .willRefresh(let itemCount):
            log.log("refresh", [("items", .int(itemCount))])
        case .key(let chord, let action):
            log.log(
                "key", [("chord", .string(chord.description))] + (action.map { [("action", .string($0.name))] } ?? []))
        case .copied(let files, let bytes, let time):
            log.log(
                "copy",
                [("cards", .int(files.count)), ("bytes", .int(bytes)), ("owned", .bool(time != nil))]
                    + (time.map { [("time", .int(Int($0)))] } ?? []))
        case .dragStarted(let files):
            log.log("drag", [("state", .string("started")), ("files", .array(files.map { .string($0.string) }))])
        case .dropHover(let acceptable):
            log.log(
                "drop",
                [("state", .string(acceptable == nil ? "left" : "over"))]
                    + (acceptable.map { [("acceptable", .bool($0))] } ?? []))
        case .dropped(let paths, let added, let ignored):
            log.log(
                "drop",
                [
                    ("state", .string("dropped")), ("paths", .array(paths.map { .string($0.string) })),
                    ("added", .array(added.map { .string($0.string) })), ("ignored", .int(ignored)),
                ])
        case .filterBegan(let text):
            log.log("filterBegin", [("text", .string(text))])
        case .filterChanged(let text, let itemCount, let error):
            log.log(
                "filter",
                [("text", .string(text)), ("items", .int(itemCount))]
                    + (error.map { [("error", .string($0.message)), ("column", .int($0.column))] } ?? []))
        case .filterEnded(let accepted, let itemCount):
            log.log("filterEnd", [("accepted", .bool(accepted)), ("items", .int(itemCount))])
        case .keywordEntryChanged(let text, let completion, let photoCount):
            log.log(
                "keywordEntry",
                [("text", .string(text)), ("photos", .int(photoCount))]
                    + (completion.map { [("completion", .string($0))] } ?? []))
        case .compared(let files, let active, let magnification):
            log.log(
                "compare",
                [
                    ("files", .array(files.map { .string($0.lastComponent?.string ?? "") })),
                    ("active", .int(active)), ("magnification", .number(magnification)),
                ])
        case .compareDrawn(let files):
            log.log("compareDrawn", [("files", .array(files.map { .string($0.lastComponent?.string ?? "") }))])
        case .compareClosed(let survivors):
            log.log("compareEnd", [("survivors", .array(survivors.map { .string($0.lastComponent?.string ?? "") }))])
        case .stackToggled(let files, let isOpen, let itemCount):
            log.log(
                "stack",
                [
                    ("files", .array(files.map { .string($0.lastComponent?.string ?? "") })), ("open", .bool(isOpen)),
                    ("items", .int(itemCount)),
                ])
        case .keywordEntryEnded(let accepted):
            log.log("keywordEntryEnd", [("accepted", .bool(accepted))])
        case .fileActionProgress(let action, let done, let total):
            log.log(
                "fileActionProgress",
                [("action", .string(Self.name(of: action))), ("done", .int(done)), ("total", .int(total))])
        case .fileActionEnded(let ended):
            log.log(
                "fileAction",
                [
                    ("action", .string(Self.name(of: ended.action))), ("done", .int(ended.succeeded.count)),
                    ("total", .int(ended.total)), ("cancelled", .bool(ended.wasCancelled)),
                    ("undo", .bool(ended.isUndo)), ("failed", .array(ended.failed.map { .string($0.reason) })),
                ])
        case .lightbox(let event, let index, let file):
            let (action, fields) = Self.lightboxFields(of: event)
            log.log(
                "lightbox",
                [("action", .string(action)), ("index", .int(index)), ("path", .string(file.string))] + fields)
        }
    }

    /// A lightbox event's `action` and the fields after its `index` and `path`.
    private static func lightboxFields(of event: LightboxEvent) -> (String, [(String, JSONValue)]) {
        switch event {
        case .opened: return ("open", [])
        case .shown: return ("show", [])
        case .turned: return ("turned", [])
        case .ahead: return ("ahead", [])
        case .picture(let width): return ("picture", [("width", .int(width))])
        case .failed(let reason): return ("failed", [("reason", .string(reason))])
        case .slideshow(let running, let stop):
            return (
                "slideshow", [("running", .bool(running))] + (stop.map { [("reason", .string(name(of: $0)))] } ?? [])
            )
        case .zoomed(let level, let anchor, let pan, let width):
            let scale: JSONValue =
                switch level {
                case .fit: .string("fit")
                case .scale(let scale): .number((scale * 1e4).rounded() / 1e4)
                }
            return (
                "zoom",
                [
                    ("scale", scale), ("anchor", .object([("x", .number(anchor.x)), ("y", .number(anchor.y))])),
                    ("pan", panField(pan)), ("width", .int(width)),
                ]
            )
        case .panned(let pan): return ("pan", [("pan", panField(pan))])
        case .infoToggled(let shown): return ("info", [("shown", .bool(shown))])
        case .infoPanel(let lines, let panel, let info):
            let read: [(String, String?)] = [
                ("date", info.dateTaken), ("camera", info.camera), ("lens", info.lens),
                ("exposure", info.exposureLine), ("position", info.positionText),
            ]
            return (
                "info",
                [
                    ("shown", .bool(true)), ("lines", .array(lines.map(JSONValue.string))),
                    (
                        "panel",
                        .object([
                            ("x", .number(panel.minX)), ("y", .number(panel.minY)),
                            ("width", .number(panel.width)), ("height", .number(panel.height)),
                        ])
                    ),
                ] + read.compactMap { name, value in value.map { (name, .string($0)) } }
            )
        case .animation(let frameCount, let delays):
            return (
                "animation",
                [
                    ("frames", .int(frameCount)),
                    ("delays", .array(delays.map { .int(Int(($0 * 1000).rounded())) })),
                ]
            )
        case .animationFailed(let reason): return ("animation", [("failed", .string(reason))])
        case .playing(let playing, let frame):
            return ("playing", [("playing", .bool(playing)), ("frame", .int(frame))])
        case .frame(let frame): return ("frame", [("frame", .int(frame))])
        case .play: return ("play", [])
        case .closed: return ("close", [])
        }
    }

    /// The `pan` field's value: `{x, y}` in points, to a hundredth.
    private static func panField(_ pan: Point) -> JSONValue {
        .object([("x", .number((pan.x * 100).rounded() / 100)), ("y", .number((pan.y * 100).rounded() / 100))])
    }

    /// The event of a card's `change`.
    private static func name(of change: PhotoWallEvent.ItemChange) -> String {
        switch change {
        case .highlighted: "highlight"
        case .unhighlighted: "unhighlight"
        case .selected: "select"
        case .deselected: "deselect"
        case .activated: "activate"
        }
    }

    /// The `kind` of an `update`.
    private static func name(of kind: PhotoWallEvent.UpdateKind) -> String {
        switch kind {
        case .deleted: "delete"
        case .replaced: "replace"
        case .inserted: "insert"
        }
    }

    /// `duration` in milliseconds, to a tenth.
    private static func milliseconds(_ duration: Duration) -> Double {
        (duration / .milliseconds(1) * 10).rounded() / 10
    }

    /// The `action` of a `fileAction` or `fileActionProgress`.
    private static func name(of action: FileAction) -> String {
        switch action {
        case .trash: "trash"
        case .restore: "restore"
        case .rotate: "rotate"
        case .mark: "mark"
        case .keyword: "keyword"
        }
    }

    /// The `reason` a slideshow stopped.
    private static func name(of stop: Lightbox.SlideshowStop) -> String {
        switch stop {
        case .key: "key"
        case .end: "end"
        case .close: "close"
        }
    }

    // MARK: The state

    /// The fields of the `exit` event: the view's (`ViewEventLog.stateFields`), the `status` bar's text and every
    /// element's frame (`elements`, as `--print-layout` prints them), so that a wall changed live can be compared with
    /// a walk afresh.
    package static func stateFields(of wall: PhotoWall) -> [(String, JSONValue)] {
        let items = wall.items
        return ViewEventLog.stateFields(of: wall.collectionView) { items.index(of: $0) }
            + [
                ("status", .string(wall.statusText)),
                ("elements", .array(elementLines(of: wall.collectionView.layout, items: items))),
            ]
    }

    /// Every element of `layout` (laid out with `items`) as `ViewEventLog.elementLine` gives it, with each card's path.
    package static func elementLines(of layout: CollectionLayout, items: PhotoWallItems) -> [JSONValue] {
        let everything = Rect(x: 0, y: 0, width: layout.width, height: layout.contentSize.height)
        return layout.layoutAttributesForElements(in: everything).map { attributes in
            let isCell = attributes.kind == .cell
            let card = isCell ? items[attributes.indexPath] : nil
            return ViewEventLog.elementLine(
                attributes, index: isCell ? items.index(of: attributes.indexPath) : 0, path: card?.path.string,
                stack: card?.isStack == true ? card!.files.map(\.string) : [])
        }
    }

    // MARK: The window

    /// `ready`: the first frame is on screen.
    package func windowDidPresentFirstFrame(_ window: WaterfallWindow) {
        log.log(
            "ready",
            [
                ("window", .int(Int(window.windowID))), ("xinput2", .bool(window.usesXInput2)),
                ("xdbe", .bool(window.usesDoubleBufferExtension)),
            ]
                + ViewEventLog.layoutFields(
                    of: window.collectionView, origin: window.viewportFrame.origin, scale: window.scale))
    }

    /// `frame`: a frame was presented, with the wall's pictures still to draw.
    package func windowDidPresentFrame(_ window: WaterfallWindow) {
        let uploads = window.imageUploads
        log.log(
            "frame",
            ViewEventLog.frameFields(
                of: window.collectionView, requests: window.requestsInLastFrame,
                roundTrips: window.roundTripsInLastFrame)
                + [
                    ("thumbnailsPending", .int(wall.pendingPictureCount)),
                    ("thumbnailsStale", .int(wall.stalePictureCount)),
                    (
                        "uploads",
                        .object([("sharedMemory", .int(uploads.sharedMemory)), ("putImage", .int(uploads.putImage))])
                    ),
                ])
    }

    /// `input`: the window hands the view `input`.
    package func window(_ window: WaterfallWindow, willApply input: ViewInput) {
        log.log("input", input.logFields)
    }

    /// `cursor`: the window's cursor changed.
    package func window(_ window: WaterfallWindow, didChangeCursorTo shape: CursorShape) {
        log.log("cursor", [("shape", .string(shape.rawValue))])
    }
}
