import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// What the wall says of its counts: the footer under the last section and the status bar, every count with its
/// noun through `Noun`.
public enum PhotoWallText {
    /// The footer under the last section: "1 photo in 1 folder", "12 photos in 3 folders".
    public static func footer(photos: Int, folders: Int) -> String {
        "\(Noun.photo.counted(photos)) in \(Noun.folder.counted(folders))"
    }

    /// The footer under the last section of a wall grouped by `grouping`: "12 photos in 3 folders", or with the
    /// timeline's periods "12 photos in 3 months" (days, years), or of near-duplicates "12 photos in 5 groups".
    public static func footer(photos: Int, sections: Int, grouping: PhotoGrouping) -> String {
        let noun =
            switch grouping {
            case .folder: Noun.folder
            case .day: Noun("day")
            case .month: Noun("month")
            case .year: Noun("year")
            case .similar: Noun("group")
            }
        return "\(Noun.photo.counted(photos)) in \(noun.counted(sections))"
    }

    /// The status bar: "1,234 photos in 12 folders · scanning… 40 folders left · 3 unreadable · 2 skipped (1 PSD,
    /// 1 other) · 1 link not followed again · cache 120/256 MB", the parts after the first only when they say something
    /// (`cacheMB`: the pictures' megabytes on the server and their budget, when the wall has pictures; the folders
    /// left: those a recursive walk found and has not walked yet).
    public static func status(_ counts: ScanCounts, isScanning: Bool, cacheMB: (used: Int, budget: Int)?) -> String {
        var parts = ["\(Noun.photo.counted(counts.found)) in \(Noun.folder.counted(counts.folders))"]
        if isScanning {
            parts.append(
                counts.foldersLeft > 0 ? "scanning… \(Noun.folder.counted(counts.foldersLeft)) left" : "scanning…")
        }
        if counts.unreadable > 0 { parts.append("\(Noun.grouped(counts.unreadable)) unreadable") }
        if counts.skipped > 0 { parts.append("\(Noun.grouped(counts.skipped)) skipped" + skippedKinds(counts)) }
        if counts.loops > 0 { parts.append("\(Noun.link.counted(counts.loops)) not followed again") }
        if let cacheMB { parts.append("cache \(Noun.grouped(cacheMB.used))/\(Noun.grouped(cacheMB.budget)) MB") }
        return parts.joined(separator: " · ")
    }

    /// What the skipped files are, after their count: " (2 PSD, 1 PDF, 1 other)", the most first, at most three kinds
    /// named and then "…"; empty when no kind was counted.
    static func skippedKinds(_ counts: ScanCounts) -> String {
        let kinds = counts.skippedKindsByCount
        guard !kinds.isEmpty else { return "" }
        let named = kinds.prefix(3).map { "\(Noun.grouped($0.count)) \($0.kind.name)" } + (kinds.count > 3 ? ["…"] : [])
        return " (" + named.joined(separator: ", ") + ")"
    }
}
