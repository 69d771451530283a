import Waterfall
import WaterfallPhotos

/// One key of `config.toml` other than the keys' bindings: its table and name, the comment `--print-config` writes
/// above it, its value as TOML text, and how a value read from the file sets it (or why it cannot).
struct ConfigSetting {
    let table: String
    let key: String
    let comment: String
    let text: (Config) -> String
    let set: (inout Config, ConfigValue) throws(ConfigProblem) -> Void

    /// Every setting, in the order `--print-config` writes them.
    static var all: [ConfigSetting] {
        [
            .number(
                "wall", "card-width",
                "The cards' width in points, as the grid zoom (+, -, Ctrl+wheel) sets it; 0 lets the column counts decide.\nThe last zoom is remembered (in $XDG_STATE_HOME/waterfall/state.toml) until this value changes.",
                \.cardWidthOrZero, allowed: [0], range: Config.cardWidths),
            .integer(
                "wall", "portrait-columns", "The column count when the window is taller than wide (with card-width 0).",
                \.portraitColumns, range: 1...WaterfallLayout.maximumColumnCount),
            .integer(
                "wall", "landscape-columns", "The column count when the window is wider than tall (with card-width 0).",
                \.landscapeColumns, range: 1...WaterfallLayout.maximumColumnCount),
            .number(
                "wall", "spacing", "The space between the cards and around them, in points.", \.spacing,
                range: Config.spacings),
            .choice(
                "wall", "sort",
                "Each section's photos by \"name\" (naturally: img2 before img10), \"time\", \"size\" or \"taken\".",
                \.sort),
            .flag("wall", "recursive", "Walk into subfolders too; each folder is a section.", \.recursive),
            .flag(
                "wall", "stacks",
                "Show a RAW and its JPEG (same name), and a burst (one camera, a second apart at most), as one card\nwith a count; g opens and closes it.",
                \.stacks),
            .flag(
                "wall", "info-captions",
                "A third caption line on each card: its exposure (\"1/250 s · f/2.8 · ISO 400\"), else camera, else date.",
                \.infoCaptions),
            .string(
                "look", "font", "The text's font, a fontconfig pattern; \"\" for the default (sans-serif:size=10).",
                \.fontOrEmpty),
            .color("look", "background", "Colours are \"#RRGGBB\". Behind the cards.", \.look.background),
            .color("look", "caption", "The cards' captions.", \.look.cards.caption),
            .color("look", "title", "The captions' first line, and the sections' names.", \.look.cards.title),
            .color("look", "subtitle", "The captions' second line, and the sections' counts.", \.look.cards.subtitle),
            .color("look", "selection", "The border of a selected card.", \.look.cards.selection),
            .color("look", "focus", "The ring around the focused card.", \.look.focusRing),
            .color("look", "rule", "The line under a section's name.", \.look.cards.rule),
            .color("look", "lightbox", "Around the photo in the lightbox.", \.look.lightboxBackground),
            .color("look", "lightbox-text", "The lightbox's text.", \.look.lightboxText),
            .color("look", "status-bar", "The status bar.", \.statusBarColor),
            .color("look", "status-text", "The status bar's text.", \.statusTextColor),
            .number(
                "slideshow", "delay", "How long the slideshow (s) shows each photo, in seconds.", \.slideshowDelay,
                range: Config.slideshowDelays),
            .integer(
                "cache", "memory-mb", "The memory the pictures may take, in MB.", \.cacheMB, range: Config.cacheSizes),
            .flag(
                "cache", "shared-thumbnails",
                "Read and write the desktop's shared thumbnail cache (~/.cache/thumbnails).", \.sharedThumbnailCache),
            .strings(
                "library", "roots",
                "The folders shown when waterfall is given no path, each with its subfolders' photos kept in the library\nindex; [] for the XDG pictures folder. A leading ~/ is your home.",
                \.libraryRoots),
            .number(
                "library", "poll-seconds",
                "How often the folders on network file systems (NFS, SMB, sshfs and other FUSE mounts), whose changes\ninotify does not see, are looked at again: one stat a folder.",
                \.pollSeconds, range: Config.pollIntervals),
            .flag(
                "key-handler", "nul-separated",
                "Give the key handler (Ctrl+X) the photos' paths each ended by a NUL instead of a newline.",
                \.keyHandlerNulSeparated),
        ]
    }

    static func number(
        _ table: String, _ key: String, _ comment: String, _ path: WritableKeyPath<Config, Double>,
        allowed: [Double] = [], range: ClosedRange<Double>
    ) -> ConfigSetting {
        ConfigSetting(table: table, key: key, comment: comment, text: { ConfigValue.format($0[keyPath: path]) }) {
            config, value throws(ConfigProblem) in
            guard let number = value.number else { throw .wrongType(expected: "a number") }
            guard allowed.contains(number) || range.contains(number) else {
                throw .outOfRange(
                    "is \(ConfigValue.format(number)); it must be \(allowed.map { ConfigValue.format($0) + " or " }.joined())from \(ConfigValue.format(range.lowerBound)) to \(ConfigValue.format(range.upperBound))"
                )
            }
            config[keyPath: path] = number
        }
    }

    static func integer(
        _ table: String, _ key: String, _ comment: String, _ path: WritableKeyPath<Config, Int>,
        range: ClosedRange<Int>
    ) -> ConfigSetting {
        ConfigSetting(table: table, key: key, comment: comment, text: { String($0[keyPath: path]) }) {
            config, value throws(ConfigProblem) in
            guard let number = value.integer else { throw .wrongType(expected: "a whole number") }
            guard range.contains(number) else {
                throw .outOfRange("is \(number); it must be from \(range.lowerBound) to \(range.upperBound)")
            }
            config[keyPath: path] = number
        }
    }

    static func flag(
        _ table: String, _ key: String, _ comment: String, _ path: WritableKeyPath<Config, Bool>
    ) -> ConfigSetting {
        ConfigSetting(table: table, key: key, comment: comment, text: { String($0[keyPath: path]) }) {
            config, value throws(ConfigProblem) in
            guard let flag = value.bool else { throw .wrongType(expected: "true or false") }
            config[keyPath: path] = flag
        }
    }

    static func string(
        _ table: String, _ key: String, _ comment: String, _ path: WritableKeyPath<Config, String>
    ) -> ConfigSetting {
        ConfigSetting(table: table, key: key, comment: comment, text: { ConfigValue.quoted($0[keyPath: path]) }) {
            config, value throws(ConfigProblem) in
            guard let string = value.string else { throw .wrongType(expected: "a string") }
            config[keyPath: path] = string
        }
    }

    static func strings(
        _ table: String, _ key: String, _ comment: String, _ path: WritableKeyPath<Config, [String]>
    ) -> ConfigSetting {
        ConfigSetting(
            table: table, key: key, comment: comment,
            text: { "[" + $0[keyPath: path].map(ConfigValue.quoted).joined(separator: ", ") + "]" }
        ) { config, value throws(ConfigProblem) in
            guard let strings = value.strings else { throw .wrongType(expected: "an array of strings") }
            config[keyPath: path] = strings
        }
    }

    static func choice(
        _ table: String, _ key: String, _ comment: String, _ path: WritableKeyPath<Config, PhotoOrder>
    ) -> ConfigSetting {
        ConfigSetting(
            table: table, key: key, comment: comment, text: { ConfigValue.quoted($0[keyPath: path].rawValue) }
        ) { config, value throws(ConfigProblem) in
            guard let string = value.string else { throw .wrongType(expected: "a string") }
            guard let order = PhotoOrder(rawValue: string) else {
                throw .outOfRange(
                    "is \(ConfigValue.quoted(string)); it must be one of "
                        + PhotoOrder.allCases.map { ConfigValue.quoted($0.rawValue) }.joined(separator: ", "))
            }
            config[keyPath: path] = order
        }
    }

    static func color(
        _ table: String, _ key: String, _ comment: String, _ path: WritableKeyPath<Config, Color>
    ) -> ConfigSetting {
        ConfigSetting(
            table: table, key: key, comment: comment, text: { ConfigValue.quoted(ConfigValue.hex($0[keyPath: path])) }
        ) { config, value throws(ConfigProblem) in
            guard let string = value.string else { throw .wrongType(expected: "a colour as a string, \"#RRGGBB\"") }
            guard let color = Color(hex: string) else {
                throw .outOfRange("is \(ConfigValue.quoted(string)); a colour is \"#RRGGBB\"")
            }
            config[keyPath: path] = color
        }
    }
}

extension Config {
    /// `card-width` as the file writes it: 0 for none.
    var cardWidthOrZero: Double {
        get { cardWidth ?? 0 }
        set { cardWidth = newValue == 0 ? nil : newValue }
    }

    /// `font` as the file writes it: "" for the default.
    var fontOrEmpty: String {
        get { font ?? "" }
        set { font = newValue.isEmpty ? nil : newValue }
    }
}
