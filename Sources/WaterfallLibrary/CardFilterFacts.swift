import WaterfallPhotos

/// What an arrangement's pass asks of a card first, kept beside the cards in one flat array
/// (`PhotoWallItems.Section.facts`), 16 bytes a card: a pass over a million cards reads them in order, and a card's
/// own storage only for a card it shows, or whose name or camera a query asks.
package struct CardFilterFacts: Sendable {
    /// When the photo was taken.
    package var taken: TakenTime
    /// The number of its set of keywords (`KeywordSet.id`); -1 for none.
    package var keywordSetID: Int32
    /// Its rating and reject.
    package var marks: PhotoMarks
    /// Its format, as its header said.
    package var format: ImageFormat?
    /// Whether the card stands for a stack: its photos' facts are their own.
    package var isStack: Bool

    /// The facts of `card`.
    init(_ card: PhotoCard) {
        taken = card.taken
        keywordSetID = Int32(truncatingIfNeeded: card.keywordSetID)
        marks = card.marks
        format = card.format
        isStack = card.isStack
    }
}

/// Cards an arrangement gathers for a section, with their aspects (and, to be ordered by, their times taken) taken
/// from the library's columns (`PhotoWallItems.Section`), so that a regrouping of a million cards reads no card's
/// storage to make its sections.
package struct GatheredCards {
    package private(set) var cards: [PhotoCard] = []
    package private(set) var aspects: [Double] = []
    /// The cards' times taken, when they are to be ordered by them (`keepsTimes`).
    private var times: [TakenTime] = []
    private let keepsTimes: Bool
    /// The photos the stacks among the cards hold beyond one a card.
    package private(set) var photosInStacks = 0

    /// None, keeping the cards' times taken when `keepsTimes` (for `sortedByTaken()`).
    package init(keepsTimes: Bool) {
        self.keepsTimes = keepsTimes
    }

    /// Adds `card`, whose aspect and facts are these.
    @inline(__always)
    package mutating func append(_ card: PhotoCard, aspect: Double, facts: CardFilterFacts) {
        cards.append(card)
        aspects.append(aspect)
        if keepsTimes { times.append(facts.taken) }
        if facts.isStack { photosInStacks += card.photoCount - 1 }
    }

    /// Whether there are none.
    package var isEmpty: Bool { cards.isEmpty }

    /// The cards in the order they were taken, oldest first (ties in their order); as they are without their times.
    package func sortedByTaken() -> GatheredCards {
        guard keepsTimes else { return self }
        let order = times.indices.sorted { (times[$0], $0) < (times[$1], $1) }
        var sorted = GatheredCards(keepsTimes: true)
        sorted.photosInStacks = photosInStacks
        sorted.cards = order.map { cards[$0] }
        sorted.aspects = order.map { aspects[$0] }
        sorted.times = order.map { times[$0] }
        return sorted
    }
}
