import Foundation

/// The locale a program of the desktop uses for dates, from the environment.
extension Locale {
    /// The locale the user's environment names for dates, as the C library reads it: the first of `LC_ALL`, `LC_TIME`
    /// and `LANG` that is set and not empty, less its encoding and modifier ("de_DE.UTF-8@euro" is `de_DE`);
    /// `Locale.current` when none is, or it names the C (POSIX) locale. Foundation on Linux reads none of them itself:
    /// its `Locale.current` is English whatever the session's language.
    ///
    /// The program gives its environment (`PhotoWall.Configuration.locale`); the library reads none.
    public static func forDates(environment: [String: String]) -> Locale {
        guard
            let value = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
        else { return .current }
        let name = value.prefix { $0 != "." && $0 != "@" }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return .current }
        return Locale(identifier: String(name))
    }
}
