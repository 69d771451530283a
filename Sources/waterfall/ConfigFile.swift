import Foundation
import TOMLKit
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// Why a value of `config.toml` was not taken.
enum ConfigProblem: Error {
    case wrongType(expected: String)
    case outOfRange(String)
    case unknownKey
    case unknownAction(mode: String)
    case badChord(String)
    case badQuery(String, PhotoQueryError)

    /// What the program does about it.
    var consequence: String {
        switch self {
        case .unknownKey, .unknownAction, .badQuery: "it is ignored"
        case .wrongType, .outOfRange, .badChord: "its default is used"
        }
    }

    /// The message after the key's name.
    var message: String {
        switch self {
        case .wrongType(let expected): "must be \(expected)"
        case .outOfRange(let reason): reason
        case .unknownKey: "is not a setting of waterfall (see waterfall --print-config)"
        case .unknownAction(let mode): "is not an action of the \(mode) keys (see waterfall --print-config)"
        case .badQuery(let query, let error): "is \(ConfigValue.quoted(query)), which is no query: \(error)"
        case .badChord(let chord):
            "has \(ConfigValue.quoted(chord)), which is not a key: write modifiers (Ctrl, Shift, Alt) and a key name joined by +, as \"Ctrl+plus\""
        }
    }
}

/// A value read from the file, as the settings ask for it (the one place that knows TOMLKit's types).
struct ConfigValue {
    let value: TOMLValueConvertible

    var number: Double? { value.double ?? value.int.map(Double.init) }
    var integer: Int? { value.int }
    var bool: Bool? { value.bool }
    var string: String? { value.string }
    /// A string, or an array of strings.
    var strings: [String]? {
        if let string = value.string { return [string] }
        guard let array = value.array else { return nil }
        let strings = array.compactMap { $0.string }
        return strings.count == array.count ? strings : nil
    }

    /// A number as TOML writes it: whole numbers without a fraction.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// A basic string, quoted and escaped.
    static func quoted(_ string: String) -> String {
        "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// "#RRGGBB".
    static func hex(_ color: Waterfall.Color) -> String {
        String(format: "#%02X%02X%02X", color.red, color.green, color.blue)
    }
}

/// Reading `config.toml`: every setting it names that is right is taken; a setting that is wrong keeps its default
/// and gets a message naming the file, the line and the key; a file that is not TOML is not used at all (one message
/// with the line and the column of the fault).
enum ConfigFile {
    /// `$XDG_CONFIG_HOME/waterfall/config.toml` (`~/.config` without it).
    static func defaultPath(in directories: XDGDirectories) -> String {
        directories.config + "/waterfall/config.toml"
    }

    /// The configuration in `text` (read from `path`, which the messages name), over the defaults, and what was
    /// wrong in it.
    static func read(_ text: String, path: String) -> (config: Config, problems: [String]) {
        var config = Config()
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return (
                config,
                [
                    "\(path):\(error.source.begin.line): \(error.description) (column \(error.source.begin.column)); the file is not used"
                ]
            )
        } catch {
            return (config, ["\(path): \(error); the file is not used"])
        }
        let lines = KeyLines(text)
        let settings = ConfigSetting.all
        var problems: [(line: Int, message: String)] = []
        func report(_ name: String, _ problem: ConfigProblem, table: String, key: String?) {
            let line = lines.line(ofKey: key, inTable: table)
            problems.append(
                (line ?? 0, "\(path)\(line.map { ":\($0)" } ?? ""): \(name) \(problem.message); \(problem.consequence)")
            )
        }
        for tableName in table.keys {
            guard let inner = table[tableName]?.table else {
                report(tableName, .unknownKey, table: "", key: tableName)
                continue
            }
            if tableName == "keys" {
                readKeys(inner, into: &config, report: report)
                continue
            }
            if tableName == "searches" {
                readSearches(inner, into: &config, report: report)
                continue
            }
            for key in inner.keys {
                let name = "\(tableName).\(key)"
                guard let setting = settings.first(where: { $0.table == tableName && $0.key == key }) else {
                    report(name, .unknownKey, table: tableName, key: key)
                    continue
                }
                do throws(ConfigProblem) {
                    try setting.set(&config, ConfigValue(value: inner[key]!))
                } catch {
                    report(name, error, table: tableName, key: key)
                }
            }
        }
        return (config, problems.sorted { $0.line < $1.line }.map(\.message))
    }

    /// `[searches]`: each name's query, a string that reads as one (`beach = "keyword:beach rating>=4"`).
    private static func readSearches(
        _ searches: TOMLTable, into config: inout Config,
        report: (String, ConfigProblem, _ table: String, _ key: String?) -> Void
    ) {
        for name in searches.keys {
            guard let query = ConfigValue(value: searches[name]!).string else {
                report("searches.\(name)", .wrongType(expected: "a query in quotes"), "searches", name)
                continue
            }
            do throws(PhotoQueryError) {
                _ = try PhotoQuery(parsing: query)
                config.searches[name] = query
            } catch {
                report("searches.\(name)", .badQuery(query, error), "searches", name)
            }
        }
    }

    /// `[keys.global]`, `[keys.wall]` and `[keys.lightbox]`: each action's chords, a string or an array of strings.
    private static func readKeys(
        _ keys: TOMLTable, into config: inout Config,
        report: (String, ConfigProblem, _ table: String, _ key: String?) -> Void
    ) {
        for modeName in keys.keys {
            let tableName = "keys.\(modeName)"
            guard let mode = KeyBindings.Mode(rawValue: modeName), let actions = keys[modeName]?.table else {
                report(tableName, .unknownKey, "keys", modeName)
                continue
            }
            for action in actions.keys {
                let name = "\(tableName).\(action)"
                guard config.keys.has(WallAction(name: action), in: mode) else {
                    report(name, .unknownAction(mode: modeName), tableName, action)
                    continue
                }
                guard let texts = ConfigValue(value: actions[action]!).strings else {
                    report(
                        name, .wrongType(expected: "a key or an array of keys, as [\"q\", \"Ctrl+w\"]"), tableName,
                        action)
                    continue
                }
                let chords = texts.map { KeyChord(parsing: $0) }
                if let bad = zip(texts, chords).first(where: { $0.1 == nil }) {
                    report(name, .badChord(bad.0), tableName, action)
                    continue
                }
                config.keys.rebind(WallAction(name: action), in: mode, to: chords.compactMap { $0 })
            }
        }
    }
}

/// Where each key of a TOML text is, by line, for the messages: a table's header sets the table of the keys below
/// it (`[keys.wall]`), and a key is the bare or quoted name before the first "=" of its line.
struct KeyLines {
    private var lines: [(table: String, key: String?, number: Int)] = []

    init(_ text: String) {
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                table = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).split(separator: ".")
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }.joined(separator: ".")
                lines.append((table, nil, index + 1))
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: "\"' \t"))
                lines.append((table, key, index + 1))
            }
        }
    }

    /// The line of `key` in `table` (of the table's header without a key), if the text has it.
    func line(ofKey key: String?, inTable table: String) -> Int? {
        lines.first { $0.table == table && $0.key == key }?.number ?? lines.first { $0.table == table }?.number
    }
}
