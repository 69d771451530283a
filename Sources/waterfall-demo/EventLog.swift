import Foundation

/// Writes one JSON object per line to standard output, each line in a single write (flushed per line).
final class EventLog {
    private let output: FileHandle

    init(output: FileHandle = .standardOutput) {
        self.output = output
    }

    /// Writes `{"event":name, ...fields}`.
    func log(_ name: String, _ fields: [(String, JSONValue)] = []) {
        let object: [(String, JSONValue)] = [("event", .string(name))] + fields
        output.write(Data((JSONValue.object(object).text + "\n").utf8))
    }

    /// Writes `lines` as one block, each followed by a newline.
    func writeLines(_ lines: [String]) {
        output.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}

/// A JSON value with keys kept in order, rendered compactly.
enum JSONValue {
    case number(Double)
    case string(String)
    case bool(Bool)
    case object([(String, JSONValue)])
    case array([JSONValue])

    static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    var text: String {
        switch self {
        case let .number(value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return value.isFinite ? "\(value)" : "null"
        case let .string(value):
            return "\"" + value.unicodeScalars.map(Self.escape).joined() + "\""
        case let .bool(value):
            return value ? "true" : "false"
        case let .object(fields):
            return "{" + fields.map { JSONValue.string($0.0).text + ":" + $0.1.text }.joined(separator: ",") + "}"
        case let .array(values):
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
    init(floatLiteral value: Double) { self = .number(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(stringLiteral value: String) { self = .string(value) }
}
