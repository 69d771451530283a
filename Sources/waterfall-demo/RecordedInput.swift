import Foundation
import Waterfall
import WaterfallCards

/// One input as the `input` event of the log records it: an input the window handed the collection view, or a key
/// the window left to the demo (Delete, Insert, r, and every other key it does not use).
enum RecordedInput: Equatable {
    case view(ViewInput)
    case demoKey(name: String, modifiers: ModifierKeys)

    /// The `input` event's fields: `kind` (resize, wheel, preciseScroll, tick, releasePull, down, move, up, key,
    /// command, demoKey) and the input's values: `width` and `height` of a resize, the size the view got (its cards' area and
    /// its scroll bar together: the `viewport` of the `layout` event that follows, plus its `scrollBar`'s width),
    /// `notches` (whole for a wheel, fractional for a touchpad's precise scroll), `time` (seconds, as the view got
    /// it), `x` and `y` in the view, the `key` (a `NavigationKey` case, or the X keysym name of a demo key), the
    /// `command` (a `CollectionViewCommand`'s raw value) and the held `modifiers` (["shift", "control"]).
    var logFields: [(String, JSONValue)] {
        switch self {
        case .view(let input): return input.logFields
        case .demoKey(let name, let modifiers):
            return [("kind", "demoKey"), ("key", .string(name))] + ViewInput.fields(modifiers)
        }
    }

    /// The input a logged `input` event records.
    /// - Throws: `RecordedInputError` naming the field that is missing or wrong.
    init(_ line: LogLine) throws {
        func need<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else { throw RecordedInputError("the \(line.kind ?? "input") input has no \"\(name)\"") }
            return value
        }
        func point() throws -> Point { Point(x: try need(line.x, "x"), y: try need(line.y, "y")) }
        func modifiers() throws -> ModifierKeys {
            try (line.modifiers ?? []).reduce(into: ModifierKeys()) { set, name in
                guard let modifier = ViewInput.modifierNames.first(where: { $0.0 == name })?.1 else {
                    throw RecordedInputError("the modifier \"\(name)\" is unknown; expected shift or control")
                }
                set.insert(modifier)
            }
        }
        switch try need(line.kind, "kind") {
        case "resize":
            self = .view(.resize(Size(width: try need(line.width, "width"), height: try need(line.height, "height"))))
        case "wheel":
            let notches = try need(line.notches, "notches")
            guard let whole = Int(exactly: notches) else {
                throw RecordedInputError("the wheel input's \"notches\" is \(notches); expected a whole number")
            }
            self = .view(.wheel(notches: whole, time: try need(line.time, "time")))
        case "preciseScroll":
            self = .view(.preciseScroll(notches: try need(line.notches, "notches"), time: try need(line.time, "time")))
        case "tick": self = .view(.animationFrame(time: try need(line.time, "time")))
        case "releasePull": self = .view(.releasePull)
        case "down": self = .view(.pointerDown(try point(), modifiers: try modifiers()))
        case "move": self = .view(.pointerMoved(try point()))
        case "up": self = .view(.pointerUp(try point()))
        case "key":
            let name = try need(line.key, "key")
            guard let key = NavigationKey.allCases.first(where: { "\($0)" == name }) else {
                throw RecordedInputError("the key \"\(name)\" is not a navigation key")
            }
            self = .view(.key(key, modifiers: try modifiers()))
        case "command":
            let name = try need(line.command, "command")
            guard let command = CollectionViewCommand(rawValue: name) else {
                throw RecordedInputError(
                    "the command \"\(name)\" is not one of \(CollectionViewCommand.allCases.map(\.rawValue))")
            }
            self = .view(.command(command))
        case "demoKey": self = .demoKey(name: try need(line.key, "key"), modifiers: try modifiers())
        case let kind: throw RecordedInputError("the input kind \"\(kind)\" is unknown")
        }
    }
}

/// What is wrong with a logged input.
struct RecordedInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The fields of a log line that a replay reads: the event's name, the `start` event's arguments, viewport and
/// scroll bar, and an `input` event's values. Decoded with `JSONDecoder`, which reads every number back exactly as it
/// was written.
struct LogLine: Decodable {
    var event: String
    var arguments: [String]?
    /// The cards' area.
    var viewport: LoggedSize?
    /// The scroll bar beside the cards' area (its position is not read).
    var scrollBar: LoggedSize?
    /// The window's pixels per point (the view lays out in points, so only the log says it).
    var scale: Double?
    var kind: String?
    var width, height, x, y, time: Double?
    /// Whole for a wheel, fractional for a precise scroll.
    var notches: Double?
    var key: String?
    var command: String?
    var modifiers: [String]?

    struct LoggedSize: Decodable {
        var width, height: Double
    }

    /// The view's size a `start` event records: its cards' area and its scroll bar, side by side; `nil` without
    /// either.
    var viewSize: Size? {
        guard let viewport, let scrollBar else { return nil }
        return Size(width: viewport.width + scrollBar.width, height: viewport.height)
    }
}
