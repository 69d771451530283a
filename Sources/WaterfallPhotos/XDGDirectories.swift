import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The user's folders as the desktop names them, resolved from an environment the program gives: the XDG Base
/// Directory specification's (config, state, cache, data), the home Trash in the data folder (the freedesktop.org
/// Trash specification's), and the pictures folder of xdg-user-dirs. The one place these are worked out: the program
/// builds it from its environment and passes the folders on, so that no library reads the environment itself.
///
/// As the Base Directory specification asks, an `XDG_*_HOME` variable that is unset, empty or not an absolute path is
/// ignored for its default under the home folder.
///
/// ```swift
/// let directories = XDGDirectories(environment: environment)  // the program's, from `ProcessInfo`
/// let trash = Trash(home: FilePath(directories.trash))
/// ```
public struct XDGDirectories: Equatable, Sendable {
    /// The home folder: `HOME` when it is set and not empty, else the user's home folder in the password database
    /// (`getpwuid`), else `/`.
    public var home: String
    /// `$XDG_CONFIG_HOME`, else `~/.config`: the user's configuration files.
    public var config: String
    /// `$XDG_STATE_HOME`, else `~/.local/state`: what a program keeps across launches that is not worth a backup.
    public var state: String
    /// `$XDG_CACHE_HOME`, else `~/.cache`: what can be made again.
    public var cache: String
    /// `$XDG_DATA_HOME`, else `~/.local/share`: the user's data files.
    public var data: String

    /// The home Trash: `Trash` in the data folder (`~/.local/share/Trash`).
    public var trash: String { data + "/Trash" }

    /// The folders `environment` names (the program's, from `ProcessInfo`), with the defaults of the specification
    /// for the variables that are unset, empty or relative.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwordHome() ?? "/"
        func folder(_ variable: String, default relative: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return Self.joined(home, relative)
        }
        self.home = home
        config = folder("XDG_CONFIG_HOME", default: ".config")
        state = folder("XDG_STATE_HOME", default: ".local/state")
        cache = folder("XDG_CACHE_HOME", default: ".cache")
        data = folder("XDG_DATA_HOME", default: ".local/share")
    }

    /// The user's pictures folder: `XDG_PICTURES_DIR` from xdg-user-dirs' `user-dirs.dirs` in the config folder, its
    /// `$HOME` expanded, else `~/Pictures`. Reads the file each time it is called.
    ///
    /// The file holds shell assignments, `XDG_PICTURES_DIR="$HOME/Pictures"`: a value in double quotes or bare, either
    /// an absolute path or one starting with `$HOME`; another value (a relative path) is ignored, as are comments.
    public func picturesFolder() -> String {
        let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8)
        return text.flatMap { Self.userDirectory("XDG_PICTURES_DIR", in: $0, home: home) }
            ?? Self.joined(home, "Pictures")
    }

    /// The folder `variable` names in `text` (a `user-dirs.dirs`), with `home` for `$HOME`; `nil` when it names none
    /// or one that is neither absolute nor under `$HOME`. The last assignment wins, as in a shell.
    static func userDirectory(_ variable: String, in text: String, home: String) -> String? {
        var found: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let assignment = line.trimmingCharacters(in: .whitespaces)
            guard assignment.hasPrefix(variable + "=") else { continue }
            var value = Substring(assignment.dropFirst(variable.count + 1))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            if value == "$HOME" || value.hasPrefix("$HOME/") {
                found = joined(home, String(value.dropFirst("$HOME".count).drop { $0 == "/" }))
            } else if value.hasPrefix("/") {
                found = String(value)
            }
        }
        return found
    }

    /// `relative` under `folder`, with one slash between them (`folder` itself when `relative` is empty).
    private static func joined(_ folder: String, _ relative: String) -> String {
        guard !relative.isEmpty else { return folder }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// The user's home folder in the password database.
    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return nil }
        let home = String(cString: folder)
        return home.isEmpty ? nil : home
    }
}
