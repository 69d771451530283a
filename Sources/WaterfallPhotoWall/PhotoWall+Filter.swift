import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallX11

/// The `/` filter: a one-line entry along the top of the wall (`TextEntryBar`, whose text comes through the X input
/// method: compose, dead keys and ibus or fcitx), narrowing the wall to the photos its query finds (`PhotoQuery`:
/// names, `rating>=4`, `date:2023`...) as it changes. Text that cannot be read as a query leaves the last one's photos,
/// and the bar and the status bar say why, with the column. Return keeps the filter and gives the keys back to the wall; Escape
/// clears it.
extension PhotoWall {
    /// Opens the filter's entry, unless it is open, with the filter's text in it.
    func beginFilter() {
        guard let window, window.textEntry == nil else { return }
        let look = configuration.look
        let bar = TextEntryBar(
            backgroundColor: look.cards.caption, textColor: look.cards.title,
            placeholderColor: look.cards.subtitle, prompt: "Filter: ")
        bar.placeholder = "beach rating>=4 date:2023 (see docs/search.md)"
        bar.onChange = { [unowned self, unowned bar] text in
            arrangement.nameFilter = text
            bar.message = arrangement.filterError?.description
            report(.filterChanged(text: text, itemCount: items.count, error: arrangement.filterError))
        }
        bar.onEnd = { [unowned self, unowned window] ending in
            if ending == .cancelled { arrangement.nameFilter = "" }
            window.textEntry = nil
            report(.filterEnded(accepted: ending == .accepted, itemCount: items.count))
        }
        bar.setText(library.arrangement.nameFilter)  // a filter kept with Return shows again, to edit or clear
        bar.message = library.arrangement.filterError?.description
        window.textEntry = bar
        report(.filterBegan(text: bar.text))
    }

    /// The status bar's part for the arrangement, when it leaves photos out or regroups them: "12 of 1,234 photos ·
    /// “beach” · ★3+ · rejects hidden · by month".
    var arrangementText: String? {
        let arrangement = library.arrangement
        guard !arrangement.showsEverythingAsWalked || arrangement.filterError != nil else { return nil }
        var parts: [String] = []
        if items.photoCount != library.walked.photoCount {
            parts.append("\(Noun.grouped(items.photoCount)) of \(Noun.photo.counted(library.walked.photoCount))")
        }
        if !arrangement.nameFilter.isEmpty { parts.append("“\(arrangement.nameFilter)”") }
        if let error = arrangement.filterError { parts.append(error.description) }
        if arrangement.minimumRating > 0 { parts.append("★\(arrangement.minimumRating)+") }
        if arrangement.hidesRejected { parts.append("rejects hidden") }
        if arrangement.grouping == .similar {
            parts.append("near-duplicates")
            if let progress = library.hashingProgress {
                parts.append(
                    "finding them: \(Noun.grouped(progress.done)) of \(Noun.photo.counted(progress.total)) read")
            }
        } else if arrangement.grouping != .folder {
            parts.append("by \(arrangement.grouping.rawValue)")
        }
        if arrangement.sortsByTaken { parts.append("in the order taken") }
        if !arrangement.openStacks.isEmpty { parts.append("a stack open (g closes it)") }
        return parts.joined(separator: " · ")
    }
}
