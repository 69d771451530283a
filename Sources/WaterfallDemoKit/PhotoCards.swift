import ArgumentParser
import Foundation
import SystemPackage
import Waterfall
import WaterfallPhotos

/// The photo wall's cards: each photo a card at its upright aspect, captioned with its file name and
/// "4032 × 3024 · 3.1 MB" (and the date taken, when the EXIF has it), or the reason it cannot be shown; each folder a
/// section. Until decoding is in, a card's picture is a quiet placeholder colour.
package enum PhotoCards {
    /// The placeholder colour of a picture not decoded yet.
    package static let placeholder = Color(rgb: 0xD5DAE1)
    /// The colour of an error card's picture.
    package static let errorColor = Color(rgb: 0xF3D6D6)

    /// The cards of `folders`, in order, each folder a section, appended as the window appends the walk's batches. A
    /// folder's section is named by its path below the folder of `roots` it was found in (the root itself by its own
    /// name), so that two folders of the same name stay apart.
    package static func items(of folders: [PhotoFolder], roots: [String]) -> DemoItems {
        var items = DemoItems(catalog: [])
        for folder in folders {
            let section = sectionName(of: folder.path, roots: roots)
            items.append(folder.photos.map { card(of: $0, section: section) }, toSectionTitled: section)
        }
        return items
    }

    /// The card of `photo` in `section`.
    package static func card(of photo: Photo, section: String) -> CatalogItem {
        var caption = photo.error.map { "\($0)" } ?? ""
        if let header = photo.header {
            let size = header.orientedSize
            caption = "\(size.width) × \(size.height) · \(fileSize(photo.fileSize))"
            if let date = header.dateTaken { caption += " · " + takenDate(date) }
        }
        var card = CatalogItem(title: photo.name, subtitle: caption, color: photo.error == nil ? placeholder : errorColor,
                               aspect: min(CatalogItem.maximumAspect, photo.aspect), category: section, path: photo.path)
        card.pixelWidth = photo.header?.orientedSize.width
        return card
    }

    /// A size on disk as people read it: "512 B", "48 KB", "3.1 MB", "1.2 GB" (powers of 1,000, as file managers show).
    package static func fileSize(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        return value < 10 ? "\((value * 10).rounded() / 10) \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }

    /// EXIF's "2024:05:01 12:30:00" as "2024-05-01".
    package static func takenDate(_ exif: String) -> String {
        String(exif.prefix(10)).replacingOccurrences(of: ":", with: "-")
    }

    /// The section name of a folder at `path`: its path below the root it is in, after the root's own name (each byte
    /// that is not UTF-8 shown as U+FFFD).
    package static func sectionName(of path: FilePath, roots: [String]) -> String {
        for root in roots.map({ FilePath($0) }) where path.starts(with: root) {
            var below = path
            _ = below.removePrefix(root)
            let rootName = root.displayName
            return below.isEmpty ? rootName : (rootName.hasSuffix("/") ? rootName : rootName + "/") + below.string
        }
        return path.displayName
    }

    /// The user's pictures folder: `XDG_PICTURES_DIR` from `~/.config/user-dirs.dirs` (with `$HOME` expanded), else
    /// `~/Pictures`.
    package static func picturesFolder(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? "/"
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
                var value = line.dropFirst("XDG_PICTURES_DIR=".count).trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                return value.replacingOccurrences(of: "$HOME", with: home)
            }
        }
        return home + "/Pictures"
    }
}

extension PhotoOrder: ExpressibleByArgument {}
