import Foundation

/// The program's folders by the XDG Base Directory specification: a variable that is unset, empty or relative is
/// ignored for its default under `$HOME`.
enum XDGFolders {
    /// `$XDG_CONFIG_HOME/waterfall` (`~/.config/waterfall`): config.toml and the key handler.
    static func config(environment: [String: String]) -> String {
        folder("XDG_CONFIG_HOME", default: ".config", environment: environment) + "/waterfall"
    }

    /// `$XDG_STATE_HOME/waterfall` (`~/.local/state/waterfall`): what is remembered across launches.
    static func state(environment: [String: String]) -> String {
        folder("XDG_STATE_HOME", default: ".local/state", environment: environment) + "/waterfall"
    }

    private static func folder(_ variable: String, default relative: String, environment: [String: String]) -> String {
        environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (environment["HOME"] ?? NSHomeDirectory())
            + "/" + relative
    }
}
