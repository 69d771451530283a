import Foundation
import TOMLKit
import WaterfallPhotos

/// What the program remembers across launches in `$XDG_STATE_HOME/waterfall/state.toml` (`~/.local/state` without
/// it): the grid zoom's card width, with the configuration's `card-width` at the time, so that changing that setting
/// wins over the zoom remembered before.
struct RememberedState: Equatable {
    /// The card width the grid was zoomed to, in points.
    var cardWidth: Double
    /// The configuration's `card-width` (0 for none) when it was remembered.
    var configCardWidth: Double

    /// `$XDG_STATE_HOME/waterfall/state.toml`.
    static func path(in directories: XDGDirectories) -> String {
        directories.state + "/waterfall/state.toml"
    }

    /// The state in the file at `path`; `nil` when there is none or it is not what this program writes.
    static func read(from path: String) -> RememberedState? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let table = try? TOMLTable(string: text),
            let width = number(table["card-width"]), let configWidth = number(table["config-card-width"]),
            Config.cardWidths.contains(width)
        else { return nil }
        return RememberedState(cardWidth: width, configCardWidth: configWidth)
    }

    private static func number(_ value: TOMLValueConvertible?) -> Double? {
        value?.double ?? value?.int.map(Double.init)
    }

    /// Writes the state to `path` whole or not at all: a new file beside it, synced, renamed over the old one.
    /// - Throws: the file system's error (a read-only home, a full disk).
    func write(to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = """
            # What waterfall remembers across launches (rewritten when it quits). The grid zoom's card width, in points,
            # is used while config.toml's card-width is still what it was then (config-card-width).
            card-width = \(ConfigValue.format(cardWidth))
            config-card-width = \(ConfigValue.format(configCardWidth))

            """
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StateWriteError(path: temporary, reason: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let error = String(cString: strerror(errno))
            unlink(temporary)
            throw StateWriteError(path: path, reason: error)
        }
    }
}

/// The state file could not be written.
struct StateWriteError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "could not remember the grid zoom in \(path): \(reason)" }
}
