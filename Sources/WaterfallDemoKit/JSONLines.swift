import Foundation

/// Line numbers in JSON text, for error messages: JSONDecoder's errors carry a coding path, not a position.
package enum JSONLines {
    /// The 1-based line on which element `index` of the top-level array starts, or `nil` when the text has no
    /// such element. Scans the bytes once, skipping strings (with their escapes) and nested values.
    /// - Complexity: O(n) in the bytes up to the element.
    package static func lineOfElement(_ index: Int, in data: Data) -> Int? {
        var scanner = TopLevelScanner()
        var line = 1
        for byte in data {
            if scanner.take(byte), scanner.element == index { return line }
            if byte == UInt8(ascii: "\n") { line += 1 }
        }
        return nil
    }

    /// The index of the element of the top-level array whose text holds byte `offset`, or `nil` when the byte lies
    /// outside every element (before the first, between two, after the last). Scans as `lineOfElement` does.
    /// - Complexity: O(n) in the bytes up to `offset`.
    package static func elementContaining(offset: Int, in data: Data) -> Int? {
        var scanner = TopLevelScanner()
        for (position, byte) in data.enumerated() {
            if position == offset { return scanner.inElement ? scanner.element : nil }
            _ = scanner.take(byte)
        }
        return nil
    }

    /// Follows the top level of a JSON array's text byte by byte, skipping strings (with their escapes), white
    /// space and nested values: which element it is in, and where each starts.
    private struct TopLevelScanner {
        /// The index of the last element started (-1 before the first).
        private(set) var element = -1
        /// Whether the bytes taken so far end inside an element (from its first byte to the comma after it).
        private(set) var inElement = false
        private var depth = 0
        private var inString = false, escaped = false, expectingValue = false

        /// Takes the next byte; returns whether it is the first byte of a top-level element.
        mutating func take(_ byte: UInt8) -> Bool {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                return false
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): return false
            default: break
            }
            var starts = false
            if depth == 1 && expectingValue && byte != UInt8(ascii: "]") && byte != UInt8(ascii: ",") {
                element += 1
                expectingValue = false
                inElement = true
                starts = true
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { expectingValue = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 {
                    expectingValue = true
                    inElement = false
                }
            default: break
            }
            return starts
        }
    }

    /// The line a JSON parser's message points at: its "line N" when it says one, the last line for an
    /// unexpected end of file, the line of a number "not representable", else the line of its "character N"
    /// (a 0-based byte offset into `data`).
    package static func line(inMessage message: String, data: Data) -> Int? {
        if let number = number(after: "line ", in: message) { return number }
        if message.localizedCaseInsensitiveContains("end of file") { return line(atOffset: data.count, in: data) }
        if let range = message.range(of: "Number "), let end = message.range(of: " is not representable") {
            // "Number 1e400 is not representable in Swift.": the line where that text first appears.
            let number = Data(message[range.upperBound..<end.lowerBound].utf8)
            if let found = data.firstRange(of: number) {
                return line(atOffset: found.lowerBound - data.startIndex, in: data)
            }
        }
        guard let offset = number(after: "character ", in: message), offset >= 0 else { return nil }
        return line(atOffset: offset, in: data)
    }

    /// The 1-based line of byte `offset` (the last line for the end of the text).
    package static func line(atOffset offset: Int, in data: Data) -> Int {
        1 + data.prefix(offset).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private static func number(after prefix: String, in message: String) -> Int? {
        guard let range = message.range(of: prefix) else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
}
