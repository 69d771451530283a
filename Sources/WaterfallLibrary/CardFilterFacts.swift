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
