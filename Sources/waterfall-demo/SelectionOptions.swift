import ArgumentParser
import Waterfall
import WaterfallCards
import WaterfallDemoKit

/// `--selection` and `--select`: how many cards may be selected, and which one is selected at start.
struct SelectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How many cards may be selected: none, single or multiple (Ctrl+click, Shift+click, Ctrl+A).",
            valueName: "mode"))
    var selection: Mode = .multiple

    @Option(
        help: ArgumentHelp(
            "Select the card with this index (in section order, as `layout` prints it) at start and scroll it into view.",
            valueName: "index"))
    var select: Int?

    mutating func validate() throws {
        if let select, select < 0 { throw ValidationError("--select is \(select); it must be 0 or more") }
        if select != nil, selection == .none { throw ValidationError("--select needs a --selection other than none") }
    }

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case none, single, multiple

        var selectionMode: SelectionMode {
            switch self {
            case .none: return .none
            case .single: return .single
            case .multiple: return .multiple
            }
        }
    }

    /// The path of the `--select` card among the cards there at start, if one is asked for.
    /// - Throws: `ValidationError` naming the index and the range of cards there are.
    func cardToSelect(in items: DemoItems) throws -> ItemPath? {
        guard let select else { return nil }
        guard let path = items.path(ofIndex: select) else {
            let range = items.shownCount == 0 ? "none can be selected" : "it must be from 0 to \(items.shownCount - 1)"
            throw ValidationError(
                "--select is \(select); the window starts with \(Noun.card.counted(items.shownCount)), so \(range)")
        }
        return path
    }

    /// Applies the mode to `collectionView` and selects `card`, centred in the viewport.
    func apply(to collectionView: CollectionView, selecting card: ItemPath?) {
        collectionView.selectionMode = selection.selectionMode
        if let card { collectionView.selectItem(at: card, scrollPosition: .center) }
    }
}
