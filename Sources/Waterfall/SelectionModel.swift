/// Which items are selected, which one the keyboard acts on and whether its ring shows, and where a Shift range
/// starts: the selection state of a collection view (CollectionView+Selection.swift changes it and tells the
/// delegate).
struct SelectionModel {
    /// How many items may be selected.
    var mode: SelectionMode = .single
    /// The selected items.
    var selected: Set<ItemPath> = []
    /// The item the keyboard acts on.
    var focused: ItemPath?
    /// Whether the focus ring shows: after the keyboard moved the focus, not after a click.
    var isFocusVisible = false
    /// Where a Shift+click or Shift+arrow range starts.
    var anchor: ItemPath?

    /// The broken invariants: every item named is laid out (`isLaidOut`), and no more items are selected than the
    /// mode allows. `itemCount` is the number of items laid out, for the messages.
    func invariantViolations(isLaidOut: (ItemPath) -> Bool, itemCount: Int) -> [String] {
        var problems: [String] = []
        for indexPath in selected.filter({ !isLaidOut($0) }).sorted() {
            problems.append("item \(indexPath) is selected but is not laid out (\(itemCount) items)")
        }
        let allowed = mode == .multiple ? Int.max : mode == .single ? 1 : 0
        if selected.count > allowed {
            problems.append("\(selected.count) items are selected in \(mode) selection mode")
        }
        for (name, indexPath) in [("focused", focused), ("the selection anchor", anchor)] {
            if let indexPath, !isLaidOut(indexPath) {
                problems.append("item \(indexPath) is \(name) but is not laid out (\(itemCount) items)")
            }
        }
        return problems
    }
}
