import Foundation
import Synchronization
import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallPhotos

/// The culling keys' file actions: trash, rotate, rate and reject the photos acted on, each run off the window's
/// thread (`FileActionRunner`) with its progress in the status bar, each undone by `undo()`. A card turns, or shows
/// its new marks, at once; a trashed photo's card goes when the live folders see the file go. A file the action
/// could not change gets its card back as it was, and the status bar and `Configuration.warn` say why.
extension PhotoWall {
    /// The photos the culling keys act on: the one the lightbox shows; on the wall the selected photos, else the
    /// focused one.
    var actionTargets: [ItemPath] {
        if let compare { return compare.activeFile.flatMap { items.path(of: $0) }.map { [$0] } ?? [] }
        if let lightbox { return items.path(ofIndex: lightbox.index).map { [$0] } ?? [] }
        let selected = collectionView.indexPathsForSelectedItems
        if !selected.isEmpty { return selected }
        return collectionView.focusedItem.map { [$0] } ?? []
    }

    /// The photos the culling keys act on, each its card: a closed stack's every photo (`actionTargets`' cards').
    var targetPhotos: [PhotoCard] { actionTargets.flatMap { items[$0].photos } }

    /// Moves the photos acted on to the Trash (freedesktop.org's: trash-cli and file managers see them there).
    func trashTargets() {
        let photos = targetPhotos
        let files = photos.map(\.path)
        guard !files.isEmpty, let trash = configuration.trash else { return }
        let (cache, identities) = (configuration.sharedThumbnailCache, culling.identities)
        let checkpoint = configuration.fileActionCheckpoint
        let expected = Dictionary(photos.map { ($0.path, $0.identity) }) { first, _ in first }
        if let lightbox, let window, items.count > 1 { _ = lightbox.perform(.next, at: nil, in: window) }
        if let compare, let window { for file in files { compare.remove(file, in: window) } }
        culling.runner.run(
            FileActionRunner.Job(action: .trash, files: files) { file in
                let trashed = try trash.moveToTrash(
                    file, expecting: identities.identity(of: file) ?? expected[file], checkpoint: checkpoint)
                cache?.removeThumbnails(of: file)
                return .restore(trashed)
            })
    }

    /// Turns the photos acted on by `quarterTurns` (1: clockwise), saved so that every viewer sees it: their cards
    /// turn now, their pictures follow once the files are written.
    func rotateTargets(by quarterTurns: Int) {
        let files = targetPhotos.map(\.path)
        guard !files.isEmpty else { return }
        turnCards(of: Set(files), by: quarterTurns)
        culling.runner.run(rotationJob(files, by: quarterTurns))
    }

    /// The job that turns `files` by `quarterTurns` on disk.
    private func rotationJob(_ files: [FilePath], by quarterTurns: Int) -> FileActionRunner.Job {
        let (cache, identities) = (configuration.sharedThumbnailCache, culling.identities)
        let checkpoint = configuration.fileActionCheckpoint
        let expected = Dictionary(
            files.compactMap { file in library.walked.card(of: file).map { (file, $0.identity) } }
        ) {
            first, _ in first
        }
        // A video's or a RAW's own orientation is read by a decoder process of the job's (libraw and FFmpeg never run
        // in the wall's), started at its first such file.
        let worker = LazyDecoder(executable: configuration.decoderExecutable)
        return FileActionRunner.Job(action: .rotate(quarterTurns: quarterTurns), files: files) { file in
            guard let format = try PhotoFile.shownFormat(ofFile: file) else {
                throw FileActionError(file: file, reason: "it is not a photo")
            }
            _ = try SavedRotation.rotate(
                file, format: format, quarterTurns: quarterTurns,
                expecting: identities.identity(of: file) ?? expected[file],
                worker: ImageFormat.decodedInAWorker.contains(format) ? worker.process : nil, checkpoint: checkpoint)
            identities.note(file)
            cache?.removeThumbnails(of: file)
            return .rotate(file, quarterTurns: -quarterTurns)
        }
    }

    /// Gives the photos acted on the marks `change` makes of theirs (a rating, a reject), written to their XMP
    /// sidecars; their cards show them at once. A closed stack's photos all get the marks its cover's make.
    func markTargets(_ change: @escaping (PhotoMarks) -> PhotoMarks) {
        let targets = actionTargets
        guard !targets.isEmpty else { return }
        var (newMarks, oldMarks): ([FilePath: PhotoMarks], [FilePath: PhotoMarks]) = ([:], [:])
        for target in targets {
            let marks = change(items[target].marks)
            for photo in items[target].photos where newMarks[photo.path] == nil {
                (newMarks[photo.path], oldMarks[photo.path]) = (marks, photo.marks)
            }
        }
        setCardMarks(newMarks)
        culling.runner.run(markJob(newMarks, undoingTo: oldMarks))
    }

    /// The job that writes `marks` to each file's sidecar, each undone by the file's `old` marks.
    private func markJob(_ marks: [FilePath: PhotoMarks], undoingTo old: [FilePath: PhotoMarks]) -> FileActionRunner.Job
    {
        let files = marks.keys.sorted { $0.string < $1.string }
        let checkpoint = configuration.fileActionCheckpoint
        return FileActionRunner.Job(action: .mark, files: files) { file in
            try PhotoSidecar.write(marks[file]!, for: file, checkpoint: checkpoint)
            return .mark(file, old[file] ?? PhotoMarks())
        }
    }

    /// Undoes the last file action that changed something: puts trashed photos back (refusing, with the reason,
    /// where the name is taken by now: nothing is overwritten), turns rotated ones back, gives marked or tagged ones
    /// their marks or keywords again. Returns whether there was one to undo.
    @discardableResult
    func undo() -> Bool {
        guard let last = culling.undoHistory.popLast() else {
            culling.activityMessage = "Nothing to undo"
            return false
        }
        let (trash, checkpoint) = (configuration.trash, configuration.fileActionCheckpoint)
        switch last.action {
        case .trash, .restore:
            guard let trash else { break }  // none without a Trash
            let steps = last.steps.reversed().compactMap { step -> TrashedFile? in
                if case .restore(let trashed) = step { return trashed }
                return nil
            }
            let byFile = Dictionary(steps.map { ($0.original, $0) }) { first, _ in first }
            var job = FileActionRunner.Job(action: .restore, files: steps.map(\.original)) { file in
                try trash.restore(byFile[file]!, checkpoint: checkpoint)
                return nil
            }
            job.isUndo = true
            culling.runner.run(job)
        case .rotate(let quarterTurns):
            let files = last.steps.compactMap { step -> FilePath? in
                if case .rotate(let file, _) = step { return file }
                return nil
            }
            turnCards(of: Set(files), by: -quarterTurns)
            var job = rotationJob(files, by: -quarterTurns)
            job.isUndo = true
            culling.runner.run(job)
        case .mark:
            var old: [FilePath: PhotoMarks] = [:]
            for case .mark(let file, let marks) in last.steps { old[file] = marks }
            let current = Dictionary(
                old.keys.compactMap { file in library.walked.card(of: file).map { (file, $0.marks) } }
            ) {
                first, _ in first
            }
            setCardMarks(old)
            var job = markJob(old, undoingTo: current)
            job.isUndo = true
            culling.runner.run(job)
        case .keyword:
            var old: [FilePath: [String]] = [:]
            for case .keywords(let file, let keywords) in last.steps { old[file] = keywords }
            let current = Dictionary(
                old.keys.compactMap { file in library.walked.card(of: file).map { (file, $0.keywords) } }
            ) { first, _ in first }
            setCardKeywords(old)
            var job = keywordJob(old, undoingTo: current)
            job.isUndo = true
            culling.runner.run(job)
        }
        return true
    }

    /// Takes the file actions that ended: keeps what undoes them, gives back their cards' changes where a file could
    /// not be changed, forgets the pictures of rotated photos (they decode again, turned), says how it went in the
    /// status bar and reports `fileActionEnded`.
    func deliverFileActions() {
        if let progress = culling.runner.progress, progress.done != culling.lastReportedProgress {
            culling.lastReportedProgress = progress.done
            report(.fileActionProgress(progress.action, done: progress.done, total: progress.total))
        }
        for finished in culling.runner.takeFinished() {
            let steps = finished.succeeded.compactMap(\.undo)
            if !steps.isEmpty, !finished.isUndo { culling.undoHistory.append((finished.action, steps)) }
            let failedFiles = finished.failed.map(\.file)
            switch finished.action {
            case .rotate(let quarterTurns):
                turnCards(of: Set(failedFiles), by: -quarterTurns)
                forgetPictures(of: finished.succeeded.map(\.file))
            case .mark:
                var back: [FilePath: PhotoMarks] = [:]
                for file in failedFiles { back[file] = PhotoSidecar.marks(of: file) }
                if !back.isEmpty { setCardMarks(back) }
            case .keyword:
                var back: [FilePath: [String]] = [:]
                for file in failedFiles { back[file] = PhotoSidecar.keywords(of: file) }
                if !back.isEmpty { setCardKeywords(back) }
            case .trash:
                pictures?.forget(finished.succeeded.map(\.file))
                removeUnwatchedCards(of: finished.succeeded.map(\.file))
            case .restore:
                restoreUnwatchedCards(of: finished.succeeded.map(\.file))
            }
            for failure in finished.failed { configuration.warn(failure.reason) }
            culling.activityMessage = Self.message(of: finished)
            report(
                .fileActionEnded(
                    FileActionSummary(
                        action: finished.action, total: finished.total, succeeded: finished.succeeded.map(\.file),
                        failed: finished.failed.map { FileActionSummary.Failure(file: $0.file, reason: $0.reason) },
                        wasCancelled: finished.wasCancelled, isUndo: finished.isUndo)))
        }
    }

    /// The status bar's line for an ended action: "3 photos moved to the Trash", then the first failure and their
    /// count: "· 2 not changed: IMG_1.jpg: the folder is read-only".
    static func message(of finished: FileActionRunner.Finished) -> String {
        var text = finished.action.doneText(finished.succeeded.count)
        if finished.wasCancelled { text += " · cancelled" }
        if let first = finished.failed.first {
            text += " · \(finished.failed.count) not changed: \(first.reason)"
        } else if finished.action == .trash, !finished.isUndo {
            text += " (Ctrl+Z puts them back)"
        }
        return text
    }

    /// The status bar's part for the file actions: the one running and its progress, else how the last one went.
    var fileActionText: String? {
        if let progress = culling.runner.progress {
            return progress.action.progressText(done: progress.done, total: progress.total)
        }
        return culling.activityMessage
    }

    /// Takes away the cards of trashed `files` whose folders the live folders do not watch (files given alone, as
    /// nsxiv is given them), keeping each with its place for an undo; the others go when their folders say so.
    private func removeUnwatchedCards(of files: [FilePath]) {
        let (change, removed) = library.removeUnwatchedCards(of: files)
        for (card, path) in removed { culling.removedCards[card.path] = (card, path) }
        if let change { show(change) }
    }

    /// Puts back the cards `removeUnwatchedCards(of:)` took away of the restored `files`, in their places.
    private func restoreUnwatchedCards(of files: [FilePath]) {
        let back = files.compactMap { culling.removedCards.removeValue(forKey: $0) }
        if let change = library.restoreCards(back) { show(change) }
    }

    /// Turns the cards of `files` by `quarterTurns` (their aspect and sizes; their pictures decode again).
    func turnCards(of files: Set<FilePath>, by quarterTurns: Int) {
        guard !files.isEmpty, quarterTurns % 2 != 0 else { return forgetPictures(of: Array(files)) }
        changeCards(of: files) { $0.turn() }
        forgetPictures(of: Array(files))
    }

    /// Gives the cards of the files their marks.
    func setCardMarks(_ marks: [FilePath: PhotoMarks]) {
        changeCards(of: Set(marks.keys)) { card in card.marks = marks[card.path] ?? card.marks }
    }

    /// Forgets the pictures of `files`, whose cards then decode again.
    private func forgetPictures(of files: [FilePath]) {
        guard !files.isEmpty else { return }
        pictures?.forget(files)
        reloadCards(of: Set(files))
        requestPictures()
        if let compare, let window { compare.changed(in: window) }  // its photos, turned, asked for again
        // The lightbox's photo, turned: its picture is asked for again.
        if let lightbox, let window, let shown = items.path(ofIndex: lightbox.index), files.contains(items[shown].path)
        {
            lightbox.show(in: window, event: .turned)
        }
    }

    /// Changes the cards of `files` in the library and on the wall, by `change`, and shows them again (arranged
    /// again when the arrangement depends on the marks; once the lightbox closes, while it is open).
    func changeCards(of files: Set<FilePath>, _ change: (inout PhotoCard) -> Void) {
        if lightbox != nil || compare != nil { window?.setNeedsOverlayDisplay() }  // its photos' marks or shape
        show(library.changeCards(of: files, keepingIndices: lightbox != nil, change))
    }

    /// Asks the view for the cards of `files` again, with their heights.
    private func reloadCards(of files: Set<FilePath>) {
        show(.cardsChanged(items.paths(of: files)))
    }
}

/// A decoder process started at its first use, for one job's files on the job's thread.
final class LazyDecoder: @unchecked Sendable {  // used by one job, on the runner's one thread
    private var started: DecoderProcess?
    /// The worker program (`PhotoWall.Configuration.decoderExecutable`).
    private let executable: String?

    /// A process of `executable`, not started yet.
    init(executable: String?) {
        self.executable = executable
    }

    /// The process, started now if it was not.
    var process: DecoderProcess {
        if let started { return started }
        let process = DecoderProcess(executable: executable)
        started = process
        return process
    }
}

/// What the file actions last wrote to each file, so that a second action on a file waiting behind the first is
/// checked against the file as the first left it, not as the wall showed it ("changed by another program").
final class FileIdentities: Sendable {
    private let known = Mutex<[FilePath: FileIdentity]>([:])

    /// What the last action left `file` as, if an action wrote it.
    func identity(of file: FilePath) -> FileIdentity? { known.withLock { $0[file] } }

    /// Notes `file` as it is now, after an action wrote it.
    func note(_ file: FilePath) {
        let identity = try? FileIdentity.of(file)
        known.withLock { $0[file] = identity }
    }
}
