import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// What a screen reader says of the wall's photos, in as few words as a person would want them read: a card's name
/// "harbour.jpg, 4 stars, 12 March 2023" (the file's name, its rating, the day it was taken when its EXIF says), a
/// photo's description "4032 by 3024 pixels, 3.1 MB".
public enum SpokenCards {
    /// A card's name: its file's name; for a stack its photo count ("stack of 3"); its rating or reject; the day it
    /// was taken, when its EXIF says, as `day` writes a `yyyymmdd` key ("12 March 2023": the wall's locale's long
    /// form); why it cannot be shown, when it cannot. "harbour.jpg, 4 stars, 12 March 2023", "dunes.jpg, rejected",
    /// "notes.jpg".
    public static func name(of card: PhotoCard, day: (Int) -> String) -> String {
        var parts = [card.title]
        if card.photoCount > 1 { parts.append("stack of \(Noun.grouped(card.photoCount))") }
        if let rating = rating(card.marks) { parts.append(rating) }
        if card.isTakenByEXIF { parts.append(day(card.taken.day)) }
        if card.isBroken, !card.subtitle.isEmpty { parts.append(card.subtitle) }
        return parts.joined(separator: ", ")
    }

    /// A rating as said: "1 star", "4 stars", "rejected"; `nil` for none.
    public static func rating(_ marks: PhotoMarks) -> String? {
        if marks.isRejected { return "rejected" }
        return marks.rating > 0 ? Noun("star").counted(marks.rating) : nil
    }

    /// What a person shown the photo large knows of it beside its name: its size in pixels and on disk, "4032 by
    /// 3024 pixels, 3.1 MB"; a video's duration first, "video, 1:05, 1920 by 1080 pixels, 12 MB"; or why it cannot be
    /// shown.
    public static func description(of card: PhotoCard) -> String {
        if card.isBroken { return card.subtitle }
        var parts: [String] = []
        if card.isVideo { parts.append(card.duration.map { "video, " + duration($0) } ?? "video") }
        if let width = card.pixelWidth, let height = card.pixelHeight { parts.append("\(width) by \(height) pixels") }
        parts.append(PhotoCard.fileSize(card.fileSize))
        return parts.joined(separator: ", ")
    }

    /// Seconds as a clock says them: "0:07", "1:05", "1:02:03".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let padded = (minutes < 10 ? "0" : "") + "\(minutes)"
        let secondsText = (rest < 10 ? "0" : "") + "\(rest)"
        return hours > 0 ? "\(hours):\(padded):\(secondsText)" : "\(minutes):\(secondsText)"
    }
}
