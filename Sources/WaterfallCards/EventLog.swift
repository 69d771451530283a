import Foundation

/// Writes one JSON object per line to standard output, each line in a single write (flushed per line): what the
/// programs report with `--log-events`, for tests and tools to follow.
public final class EventLog {
    private let output: FileHandle

    /// A log that writes to `output` (standard output by default).
    public init(output: FileHandle = .standardOutput) {
        self.output = output
    }

    /// Writes `{"event":name, ...fields}`.
    public func log(_ name: String, _ fields: [(String, JSONValue)] = []) {
        let object: [(String, JSONValue)] = [("event", .string(name))] + fields
        output.write(Data((JSONValue.object(object).text + "\n").utf8))
    }

    /// Writes `lines` as one block, each followed by a newline.
    public func writeLines(_ lines: [String]) {
        output.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}

/// A JSON value with keys kept in order, rendered compactly.
public enum JSONValue: Sendable {
    /// A number (written without a fraction when it is whole).
    case number(Double)
    /// A string, escaped.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An object, its keys in this order.
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])

    /// A whole number.
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// The value as compact JSON text.
    public var text: String {
        switch self {
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return value.isFinite ? "\(value)" : "null"
        case .string(let value):
            return "\"" + value.unicodeScalars.map(Self.escape).joined() + "\""
        case .bool(let value):
            return value ? "true" : "false"
        case .object(let fields):
            return "{" + fields.map { JSONValue.string($0.0).text + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .array(let values):
            return "[" + values.map(\.text).joined(separator: ",") + "]"
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case _ where scalar.value < 0x20: return String(format: "\\u%04x", scalar.value)
        default: return String(scalar)
        }
    }
}

extension JSONValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
}
