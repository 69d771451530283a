import Glibc

/// freedesktop.org startup notification, the launchee's part: a launcher that shows a busy pointer or a task-bar
/// entry while a program starts passes a launch ID in `DESKTOP_STARTUP_ID`; the program's first window carries it
/// in `_NET_STARTUP_ID` and, once shown, broadcasts the message `remove: ID="..."`, which ends the launch.
///
/// The message goes as an "X message": ClientMessage events of format 8 sent to the root window with
/// `PropertyChangeMask`, 20 bytes each, the first of type `_NET_STARTUP_INFO_BEGIN` and the others `_NET_STARTUP_INFO`,
/// their window a window made for the message alone, the text UTF-8 ending in a NUL byte (the last event padded
/// with NULs). Pass the ID to `WaterfallWindow.init(startupID:)`.
public enum StartupNotification {
    /// The environment variable a launcher passes the launch ID in.
    public static let environmentVariable = "DESKTOP_STARTUP_ID"

    /// The launch ID in `DESKTOP_STARTUP_ID`, removed from the environment so that programs this one starts do not
    /// inherit it (and end a launch that is not theirs); `nil` when it is unset or empty. Call it once, early, before
    /// other threads run: changing the environment is not thread-safe.
    public static func takeIDFromEnvironment() -> String? {
        takeEnvironmentVariable(environmentVariable)
    }

    /// The value of environment variable `name`, which is then unset; `nil` when it is unset or empty.
    static func takeEnvironmentVariable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        unsetenv(name)
        return text.isEmpty ? nil : text
    }

    /// The message that ends launch `id`, as sent: `remove: ID="id"` with each `"` and `\` in the ID escaped by a
    /// backslash (the spec's quoting of a value), in UTF-8, and a NUL byte.
    static func removeMessage(id: String) -> [UInt8] {
        var message = Array(#"remove: ID=""#.utf8)
        for byte in id.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { message.append(UInt8(ascii: "\\")) }
            message.append(byte)
        }
        message.append(UInt8(ascii: "\""))
        message.append(0)
        return message
    }

    /// How many bytes of the message each ClientMessage carries.
    static let bytesPerEvent = 20

    /// `message` cut into the payloads of its ClientMessage events: 20 bytes each, the last padded with NULs.
    static func eventPayloads(of message: [UInt8]) -> [[UInt8]] {
        stride(from: 0, to: message.count, by: bytesPerEvent).map { start in
            let part = Array(message[start..<min(start + bytesPerEvent, message.count)])
            return part + [UInt8](repeating: 0, count: bytesPerEvent - part.count)
        }
    }
}
