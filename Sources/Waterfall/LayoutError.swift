/// Why a layout could not be computed.
public enum LayoutError: Error, Equatable, CustomStringConvertible {
    /// The data source gave item `index` a height that is negative, NaN, infinite or above
    /// `WaterfallLayout.maximumLength`.
    case invalidHeight(index: Int, height: Double)
    /// The column count is outside `1...WaterfallLayout.maximumColumnCount`.
    case invalidColumnCount(Int)
    /// A spacing or inset is negative, not finite or above `WaterfallLayout.maximumLength` (the width: negative or
    /// not finite); `name` says which.
    case invalidMetric(name: String, value: Double)
    /// The data source reported a negative number of items, or more than `WaterfallLayout.maximumItemCount`.
    case invalidItemCount(Int)
    /// An update named item `index`, outside the `count` items there are.
    case invalidIndex(Int, count: Int)
    /// An update came before the layout was prepared (or after a failed prepare).
    case notPrepared
    /// The data source gave a section's header or footer a height that is negative, NaN, infinite or above
    /// `WaterfallLayout.maximumLength`.
    case invalidSupplementaryHeight(kind: ElementKind, height: Double)
    /// The data source reported a negative number of sections, or fewer than were laid out for an append.
    case invalidSectionCount(Int)
    /// `error` happened in section `section`.
    indirect case inSection(Int, LayoutError)

    public var description: String {
        switch self {
        case .invalidHeight(let index, let height):
            return "item \(index) has height \(height); " + Self.rule(for: height, what: "a height")
        case .invalidColumnCount(let count):
            return "column count \(count) is outside 1...\(WaterfallLayout.maximumColumnCount)"
        case .invalidMetric(let name, let value):
            return "\(name) is \(value); " + Self.rule(for: value, what: "it")
        case .invalidItemCount(let count):
            return
                "the data source reported \(count) items; the count must be from 0 to \(WaterfallLayout.maximumItemCount)"
        case .invalidIndex(let index, let count):
            return "item index \(index) is outside the \(count) items"
        case .notPrepared:
            return "the layout has not been prepared (or its last prepare failed); prepare it first"
        case .invalidSupplementaryHeight(let kind, let height):
            return "the \(kind.rawValue) has height \(height); " + Self.rule(for: height, what: "a height")
        case .invalidSectionCount(let count):
            return
                "the data source reported \(count) sections; the count must not be negative (nor shrink on an append)"
        case .inSection(let section, let error):
            return "section \(section): \(error.description)"
        }
    }

    /// What a length must be, said for `value`: at most `WaterfallLayout.maximumLength` when it is above it.
    private static func rule(for value: Double, what: String) -> String {
        value.isFinite && value > WaterfallLayout.maximumLength
            ? "\(what) must be at most \(Int(WaterfallLayout.maximumLength)) (2^20)"
            : "\(what) must be finite and not negative"
    }
}
