import WaterfallLibrary
import WaterfallPhotoWall

extension Config {
    /// The file `--print-config` prints: every setting and every key binding with a comment saying what it does,
    /// at `self`'s values (the defaults' for `--print-config`).
    var text: String {
        var lines = [
            "# waterfall's configuration: $XDG_CONFIG_HOME/waterfall/config.toml (~/.config/waterfall/config.toml).",
            "# Every setting is optional: one left out keeps the default written here. The command line's options win",
            "# over this file. A wrong setting keeps its default, with a message naming its line; a file that is not",
            "# TOML is not used.",
        ]
        var table: String?
        for setting in ConfigSetting.all {
            if setting.table != table {
                table = setting.table
                lines += ["", "[\(setting.table)]"]
            }
            lines += setting.comment.split(separator: "\n").map { "# " + $0 }
            lines.append("\(setting.key) = \(setting.text(self))")
        }
        lines += [
            "",
            "# Named searches: each a query (docs/search.md), opened with --search @NAME (waterfall --search @beach).",
            "[searches]",
        ]
        lines += searches.keys.sorted().map { "\($0) = \(ConfigValue.quoted(searches[$0]!))" }
        if searches.isEmpty { lines.append("# beach = \"keyword:beach rating>=4\"") }
        lines += [
            "",
            "# Keys: each action and the keys that do it, as a list. A key is its X name (xev shows it: \"q\", \"F11\",",
            "# \"Prior\" for Page Up, \"equal\" for the key of = and +, \"KP_Add\" for the keypad's +), after any of Ctrl,",
            "# Shift and Alt joined by +; \"WheelUp\" and \"WheelDown\" are the wheel with Ctrl or Alt. A key bound to nothing",
            "# is looked up without Shift, then without Ctrl. [keys.global] apply in the wall and the lightbox alike; a",
            "# key of [keys.wall] or [keys.lightbox] wins over it there. [] binds an action to no key.",
        ]
        for mode in KeyBindings.Mode.allCases {
            lines += ["", "[keys.\(mode.rawValue)]"]
            for entry in keys.entries[mode] ?? [] {
                lines.append("# " + entry.summary)
                lines.append(
                    "\(entry.action.name) = ["
                        + entry.chords.map { ConfigValue.quoted($0.description) }.joined(separator: ", ") + "]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
