import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// The keyword entry (`k`): a one-line entry, as the `/` filter's (its text through the X input method), that
/// completes from the library's keywords (Tab takes the completion) and, with Return, adds the keyword typed to the
/// photos acted on: the selection, else the focused photo, or the lightbox's. A keyword is a path: `places/sea/beach`
/// (or `places|sea|beach`). It is written to each photo's sidecar with the photo's other keywords
/// (`PhotoSidecar.writeKeywords`), and Ctrl+Z takes it back.
extension PhotoWall {
    /// Opens the keyword entry for the photos acted on, unless an entry is open; with no photo to tag, the status bar
    /// says so.
    func beginKeywordEntry() {
        guard let window, window.textEntry == nil else { return }
        let targets = actionTargets
        guard !targets.isEmpty else {
            culling.activityMessage = "No photo to tag: select one first"
            return
        }
        let files = targets.flatMap { items[$0].files }
        let look = configuration.look
        let bar = TextEntryBar(
            backgroundColor: look.cards.caption, textColor: look.cards.title,
            placeholderColor: look.cards.subtitle,
            prompt: files.count == 1 ? "Keyword: " : "Keyword for \(Noun.photo.counted(files.count)): ")
        bar.placeholder = "places/sea/beach (Tab completes)"
        let known = LibraryKeywords(of: library.walked)
        bar.onChange = { [unowned self, unowned bar] text in
            bar.completion = known.completion(of: text)
            report(.keywordEntryChanged(text: text, completion: bar.completion, photoCount: files.count))
        }
        bar.onEnd = { [unowned self, unowned window, unowned bar] ending in
            window.textEntry = nil
            report(.keywordEntryEnded(accepted: ending == .accepted))
            if ending == .accepted, let keyword = Keyword.typed(bar.text) { addKeyword(keyword, to: files) }
        }
        window.textEntry = bar
        report(.keywordEntryChanged(text: "", completion: nil, photoCount: files.count))
    }

    /// Adds `keyword` to the keywords of `files` that lack it, in their cards at once and in their sidecars.
    func addKeyword(_ keyword: String, to files: [FilePath]) {
        var new: [FilePath: [String]] = [:]
        var old: [FilePath: [String]] = [:]
        for file in files {
            guard let card = library.walked.card(of: file), !card.keywords.contains(keyword) else { continue }
            old[file] = card.keywords
            new[file] = card.keywords + [keyword]
        }
        guard !new.isEmpty else {
            culling.activityMessage = "“\(keyword)” is already there"
            return
        }
        setCardKeywords(new)
        culling.runner.run(keywordJob(new, undoingTo: old))
    }

    /// The job that writes `keywords` to each file's sidecar, each undone by the file's `old` keywords.
    func keywordJob(_ keywords: [FilePath: [String]], undoingTo old: [FilePath: [String]]) -> FileActionRunner.Job {
        let files = keywords.keys.sorted { $0.string < $1.string }
        let checkpoint = configuration.fileActionCheckpoint
        return FileActionRunner.Job(action: .keyword, files: files) { file in
            try PhotoSidecar.writeKeywords(keywords[file] ?? [], for: file, checkpoint: checkpoint)
            return .keywords(file, old[file] ?? [])
        }
    }

    /// Gives the cards of the files their keywords.
    func setCardKeywords(_ keywords: [FilePath: [String]]) {
        changeCards(of: Set(keywords.keys)) { card in card.keywords = keywords[card.path] ?? card.keywords }
    }
}
