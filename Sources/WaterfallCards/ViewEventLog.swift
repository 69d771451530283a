import Waterfall

/// The events of a wall's view that the programs log with `--log-events` alike: where the view is (`viewport`, its
/// cards' area, and `scrollBar`, in points), the layout, and what happens to its cards (by their index in section
/// order). The view's own size, the one a `resize` input gives it, is both together.
public struct ViewEventLog {
    /// Where the lines go.
    public let log: EventLog

    /// Events written to `log`.
    public init(log: EventLog) { self.log = log }

    /// The `viewport` field: the cards' area, with its `x` and `y` in the window (`origin`) when given, else only its
    /// `width` and `height`.
    public static func viewportField(of view: CollectionView, origin: Point?) -> (String, JSONValue) {
        var fields: [(String, JSONValue)] = []
        if let origin { fields = [("x", .number(origin.x)), ("y", .number(origin.y))] }
        fields += [("width", .number(view.layoutWidth)), ("height", .number(view.viewportSize.height))]
        return ("viewport", .object(fields))
    }

    /// The `scrollBar` field: the bar's track in window coordinates (the view at `origin`), right of the cards' area
    /// and as tall as it (0 wide when the view keeps no bar).
    public static func scrollBarField(of view: CollectionView, origin: Point) -> (String, JSONValue) {
        let track = view.scrollBar.track.offsetBy(dx: origin.x, dy: origin.y)
        return (
            "scrollBar",
            .object([
                ("x", .number(track.minX)), ("y", .number(track.minY)),
                ("width", .number(track.width)), ("height", .number(track.height)),
            ])
        )
    }

    /// The fields the `ready` and `layout` events share: the viewport and the scroll bar in window coordinates (the
    /// view at `origin`), the layout, all in points, and the `scale` (pixels per point).
    public static func layoutFields(of view: CollectionView, origin: Point, scale: Double) -> [(String, JSONValue)] {
        [
            viewportField(of: view, origin: origin), scrollBarField(of: view, origin: origin),
            ("columns", .int(view.layout.columnCount)),
            ("columnWidth", .number(view.layout.columnWidth)),
            ("contentHeight", .number(view.contentSize.height)),
            ("items", .int(view.numberOfItems)),
            ("sections", .int(view.numberOfSections)),
            ("wheelStep", .number(view.scroll.wheelStep)),
            ("scale", .number(scale)),
        ]
    }

    /// The fields every `frame` event has: the scroll position, the cells on screen and made, the frame's X requests
    /// and round trips, and the pull.
    public static func frameFields(of view: CollectionView, requests: Int, roundTrips: Int) -> [(String, JSONValue)] {
        [
            ("offset", .number(view.contentOffset)), ("visible", .int(view.visibleCells.count)),
            ("created", .int(view.reusePool.created)), ("reused", .int(view.reusePool.reused)),
            ("requests", .int(requests)), ("roundTrips", .int(roundTrips)), ("pull", .number(view.pullDistance)),
        ]
    }

    /// The fields of the `exit` and `state` events: the scroll position and pull, the viewport and the scroll bar, the
    /// layout, and the selected cards and the focused one, by `index`.
    public static func stateFields(of view: CollectionView, index: (ItemPath) -> Int) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [
            ("offset", .number(view.contentOffset)), ("pull", .number(view.pullDistance)),
            viewportField(of: view, origin: nil), scrollBarField(of: view, origin: .zero),
            ("columns", .int(view.layout.columnCount)), ("columnWidth", .number(view.layout.columnWidth)),
            ("contentHeight", .number(view.contentSize.height)), ("items", .int(view.numberOfItems)),
            ("selected", .array(view.indexPathsForSelectedItems.map { .int(index($0)) })),
        ]
        if let focused = view.focusedItem { fields.append(("focused", .int(index(focused)))) }
        return fields
    }

    /// One element's line, as the `layout` subcommand prints it: its kind (a cell that spans all columns is a
    /// "banner"), where it is (`index` among the cards), its frame, its file's `path` when it has one, and the files of the `stack` it stands for.
    public static func elementLine(
        _ attributes: LayoutAttributes, index: Int, path: String? = nil, stack: [String] = []
    ) -> JSONValue {
        let frame = attributes.frame
        let kind = attributes.kind == .cell && attributes.spansAllColumns ? "banner" : attributes.kind.rawValue
        var fields: [(String, JSONValue)] = [("kind", .string(kind)), ("section", .int(attributes.indexPath.section))]
        if attributes.kind == .cell {
            fields += [
                ("item", .int(attributes.indexPath.item)), ("index", .int(index)), ("column", .int(attributes.column)),
            ]
        }
        fields += [
            ("x", .number(frame.minX)), ("y", .number(frame.minY)), ("width", .number(frame.width)),
            ("height", .number(frame.height)),
        ]
        if let path { fields.append(("path", .string(path))) }
        if !stack.isEmpty { fields.append(("stack", .array(stack.map { .string($0) }))) }
        return .object(fields)
    }

    /// The line after every element's, as the `layout` subcommand ends: the `columns`, their `columnWidth`, the
    /// `contentHeight`, and the numbers of `sections` and `items`.
    public static func summaryLine(of layout: CollectionLayout) -> JSONValue {
        .object([
            ("columns", .int(layout.columnCount)), ("columnWidth", .number(layout.columnWidth)),
            ("contentHeight", .number(layout.contentSize.height)),
            ("sections", .int(layout.numberOfSections)), ("items", .int(layout.numberOfItems)),
        ])
    }

    /// Logs `event` (highlight, select, activate…) of the card at `path`, whose index is `index`.
    public func logItem(_ event: String, _ path: ItemPath, index: Int) {
        log.log(event, [("section", .int(path.section)), ("item", .int(path.item)), ("index", .int(index))])
    }

    /// Logs a `bar` event: a header's or footer's view was made, with the text it shows.
    public func logBar(_ bar: SectionBarCell, kind: ElementKind, section: Int) {
        logBar(kind: kind, section: section, title: bar.title, detail: bar.detail)
    }

    /// Logs a `bar` event: section `section`'s header or footer view was made, showing `title` (and a header its
    /// `detail`).
    public func logBar(kind: ElementKind, section: Int, title: String, detail: String) {
        var fields: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("section", .int(section)), ("title", .string(title)),
        ]
        if kind == .header { fields.append(("detail", .string(detail))) }
        log.log("bar", fields)
    }

    /// Logs `input` as an `input` event (see `ViewInput.logFields`).
    public func logInput(_ input: ViewInput) {
        log.log("input", input.logFields)
    }
}

/// A view input as the `input` events of the log record it.
extension ViewInput {
    /// The `input` event's fields: `kind` (resize, wheel, preciseScroll, tick, releasePull, down, move, up, key,
    /// command) and the input's values: `width` and `height` of a resize, `notches` (whole for a wheel, fractional for
    /// a touchpad's precise scroll), `time` (seconds, as the view got it), `x` and `y` in the view, the `key` (a
    /// `NavigationKey` case), the `command` (a `CollectionViewCommand`'s raw value) and the held `modifiers`
    /// (["shift", "control"]).
    public var logFields: [(String, JSONValue)] {
        switch self {
        case .resize(let size):
            return [("kind", "resize"), ("width", .number(size.width)), ("height", .number(size.height))]
        case .wheel(let notches, let time):
            return [("kind", "wheel"), ("notches", .int(notches)), ("time", .number(time))]
        case .preciseScroll(let notches, let time):
            return [("kind", "preciseScroll"), ("notches", .number(notches)), ("time", .number(time))]
        case .animationFrame(let time): return [("kind", "tick"), ("time", .number(time))]
        case .releasePull: return [("kind", "releasePull")]
        case .pointerDown(let point, let modifiers):
            return [("kind", "down")] + Self.fields(point) + Self.fields(modifiers)
        case .pointerMoved(let point): return [("kind", "move")] + Self.fields(point)
        case .pointerUp(let point): return [("kind", "up")] + Self.fields(point)
        case .key(let key, let modifiers):
            return [("kind", "key"), ("key", .string("\(key)"))] + Self.fields(modifiers)
        case .command(let command): return [("kind", "command"), ("command", .string(command.rawValue))]
        }
    }

    private static func fields(_ point: Point) -> [(String, JSONValue)] {
        [("x", .number(point.x)), ("y", .number(point.y))]
    }

    /// The `modifiers` field of `modifiers`.
    public static func fields(_ modifiers: ModifierKeys) -> [(String, JSONValue)] {
        [("modifiers", .array(modifierNames.filter { modifiers.contains($0.1) }.map { .string($0.0) }))]
    }

    /// The names the `modifiers` field gives the modifier keys.
    public static let modifierNames: [(String, ModifierKeys)] = [("shift", .shift), ("control", .control)]
}
