import SystemPackage
import Waterfall
import WaterfallLibrary

/// Culling's state (PhotoWall+Culling.swift): the file actions run off the window's thread, what they last wrote to
/// each file, what undoes each, and how the last went.
struct Culling {
    /// Runs the file actions (trash, rotate, marks) off the window's thread.
    let runner: FileActionRunner
    /// What the file actions last wrote to each file.
    let identities = FileIdentities()
    /// The file actions to undo, the last last: each with what undoes it, file by file.
    var undoHistory: [(action: FileAction, steps: [FileUndoStep])] = []
    /// The files done of the running file action last reported (`fileActionProgress`).
    var lastReportedProgress = -1
    /// The cards of trashed files given alone (whose folders are not watched), with their places, for an undo.
    var removedCards: [FilePath: (card: PhotoCard, path: ItemPath)] = [:]
    /// How the last file action went ("3 photos moved to the Trash"), for the status bar.
    var activityMessage: String?
    /// The compare view, while it is shown: photos side by side, to choose among (`PhotoWall.compare`).
    var compare: CompareView?

    /// The state of a wall whose file actions `runner` runs.
    init(runner: FileActionRunner) {
        self.runner = runner
    }
}
