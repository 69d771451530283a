import WaterfallPhotos

/// What the demo says of its counts around the cards: a section header's count, the footer under the last section
/// and the photo wall's status bar, every count with its noun through `Noun`.
package enum WallText {
    /// A section header's count, on its right: "1 photo", "24 cards".
    package static func sectionCount(_ count: Int, of noun: Noun) -> String {
        noun.counted(count)
    }

    /// The footer under a photo wall's last section: "1 photo in 1 folder", "12 photos in 3 folders".
    package static func photoFooter(photos: Int, folders: Int) -> String {
        "\(Noun.photo.counted(photos)) in \(Noun.folder.counted(folders))"
    }

    /// The footer under the catalog's last section: "End of the catalog: 240 cards in 8 sections".
    package static func catalogFooter(cards: Int, sections: Int) -> String {
        "End of the catalog: \(Noun.card.counted(cards)) in \(Noun.section.counted(sections))"
    }

    /// The photo wall's status bar: "1,234 photos in 12 folders · scanning… · 3 unreadable · 2 skipped · 1 link not
    /// followed again · cache 120/256 MB", the parts after the first only when they say something (`cacheMB`: the
    /// pictures' megabytes on the server and their budget, when the wall has pictures).
    package static func photoStatus(_ counts: ScanCounts, isScanning: Bool, cacheMB: (used: Int, budget: Int)?) -> String {
        var parts = ["\(Noun.photo.counted(counts.found)) in \(Noun.folder.counted(counts.folders))"]
        if isScanning { parts.append("scanning…") }
        if counts.unreadable > 0 { parts.append("\(Noun.grouped(counts.unreadable)) unreadable") }
        if counts.skipped > 0 { parts.append("\(Noun.grouped(counts.skipped)) skipped") }
        if counts.loops > 0 { parts.append("\(Noun.link.counted(counts.loops)) not followed again") }
        if let cacheMB { parts.append("cache \(Noun.grouped(cacheMB.used))/\(Noun.grouped(cacheMB.budget)) MB") }
        return parts.joined(separator: " · ")
    }
}
