import CX11
import Glibc

extension Display {
    /// `XOpenDisplay(name)`, with whatever libX11 and libxcb print on stderr meanwhile (a server's refusal,
    /// such as "Authorization required, but no authorization protocol specified") captured instead of printed,
    /// so that a failure is reported in one line. Returns the connection, or `nil` and the captured text (`nil`
    /// when nothing was printed, as when no server listens). Redirects file descriptor 2 meanwhile.
    static func openCapturingStandardError(_ name: String) -> (OpaquePointer?, String?) {
        var descriptors: [Int32] = [0, 0]
        guard waterfall_pipe2(&descriptors, O_CLOEXEC | O_NONBLOCK) == 0 else { return (XOpenDisplay(name), nil) }
        let (reader, writer) = (descriptors[0], descriptors[1])
        defer { close(reader) }
        let standardError = dup(2)
        guard standardError >= 0 else {
            close(writer)
            return (XOpenDisplay(name), nil)
        }
        dup2(writer, 2)
        close(writer)
        let handle = XOpenDisplay(name)
        dup2(standardError, 2)
        close(standardError)
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = max(0, read(reader, &bytes, bytes.count))
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
            .split(whereSeparator: \.isNewline).map(trimmed).filter { !$0.isEmpty }
            .joined(separator: "; ")
        if handle != nil, !text.isEmpty { writeToStandardError(text + "\n") }  // not a failure: pass it on
        return (handle, text.isEmpty ? nil : text)
    }
}

/// `line` without the spaces and tabs at its ends.
private func trimmed(_ line: Substring) -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) }) else { return "" }
    return line[first...last]
}
