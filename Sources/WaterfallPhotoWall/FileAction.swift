import SystemPackage
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// A file action of the culling keys (`PhotoWallEvent.fileActionProgress`, `.fileActionEnded`).
public enum FileAction: Hashable, Sendable {
    /// Moves photos to the desktop's Trash.
    case trash
    /// Puts trashed photos back (the undo of `trash`).
    case restore
    /// Turns photos by quarter turns (1: clockwise).
    case rotate(quarterTurns: Int)
    /// Sets photos' ratings or rejects.
    case mark
    /// Sets photos' keywords.
    case keyword

    /// The status bar's text while it runs: "Moving 120 of 1,000 photos to the Trash… (Escape cancels)".
    func progressText(done: Int, total: Int) -> String {
        let count = "\(Noun.grouped(done)) of \(Noun.photo.counted(total))"
        let doing: String
        switch self {
        case .trash: doing = "Moving \(count) to the Trash"
        case .restore: doing = "Restoring \(count) from the Trash"
        case .rotate: doing = "Rotating \(count)"
        case .mark: doing = "Marking \(count)"
        case .keyword: doing = "Tagging \(count)"
        }
        return doing + "… (Escape cancels)"
    }

    /// The status bar's text once it ended: "3 photos moved to the Trash (Ctrl+Z puts them back)".
    func doneText(_ count: Int) -> String {
        let photos = Noun.photo.counted(count)
        switch self {
        case .trash: return "\(photos) moved to the Trash"
        case .restore: return "\(photos) restored from the Trash"
        case .rotate: return "\(photos) rotated"
        case .mark: return "\(photos) marked"
        case .keyword: return "\(photos) tagged"
        }
    }
}

/// What undoes one file's action.
enum FileUndoStep: Sendable {
    /// Restore the trashed file.
    case restore(TrashedFile)
    /// Turn the file back by this many quarter turns.
    case rotate(FilePath, quarterTurns: Int)
    /// Give the file these marks again.
    case mark(FilePath, PhotoMarks)
    /// Give the file these keywords again.
    case keywords(FilePath, [String])
}
