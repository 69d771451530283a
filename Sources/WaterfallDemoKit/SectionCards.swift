/// The cards of one section, by `DemoItems.CardID`: a run of source cards as they arrived, until an edit (a delete
/// or an insert) makes it a list. A million synthesised cards are then one range, not a million identifiers.
package struct SectionCards {
    /// The source cards, while no edit has been made.
    private var run: Range<Int>
    /// Every card, once an edit has been made.
    private var list: [DemoItems.CardID]?

    /// No cards.
    package init() {
        run = 0..<0
    }

    /// The source cards, in order, while no edit has made the section a list.
    package var sourceRun: Range<Int>? { list == nil ? run : nil }

    /// How many cards there are.
    package var count: Int { list?.count ?? run.count }

    /// The card at `position`.
    package subscript(position: Int) -> DemoItems.CardID {
        if let list { return list[position] }
        precondition(position >= 0 && position < run.count, "card \(position) of \(run.count)")
        return run.lowerBound + position
    }

    /// Appends the source cards of `cards`, which arrived after those already here.
    package mutating func append(sourceCards cards: Range<Int>) {
        guard !cards.isEmpty else { return }
        if list == nil, run.isEmpty || run.upperBound == cards.lowerBound {
            run = (run.isEmpty ? cards.lowerBound : run.lowerBound)..<cards.upperBound
        } else {
            makeList()
            list?.append(contentsOf: cards)
        }
    }

    /// Inserts `card` at `position`.
    package mutating func insert(_ card: DemoItems.CardID, at position: Int) {
        makeList()
        list?.insert(card, at: position)
    }

    /// Removes the card at `position`.
    package mutating func remove(at position: Int) {
        makeList()
        list?.remove(at: position)
    }

    private mutating func makeList() {
        if list == nil { list = Array(run) }
    }
}
