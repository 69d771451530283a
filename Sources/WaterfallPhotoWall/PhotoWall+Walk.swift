import Foundation
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

extension PhotoWall {
    /// The user's pictures folder: `XDG_PICTURES_DIR` from `~/.config/user-dirs.dirs` (with `$HOME` expanded), else
    /// `~/Pictures`.
    public static func picturesFolder(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? "/"
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
                var value = line.dropFirst("XDG_PICTURES_DIR=".count).trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = String(value.dropFirst().dropLast())
                }
                return value.replacingOccurrences(of: "$HOME", with: home)
            }
        }
        return home + "/Pictures"
    }
}
