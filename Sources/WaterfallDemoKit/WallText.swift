import WaterfallCards

/// What the demo says of its counts around the cards: a section header's count and the footer under the last
/// section, every count with its noun through `Noun`.
package enum WallText {
    /// A section header's count, on its right: "1 photo", "24 cards".
    package static func sectionCount(_ count: Int, of noun: Noun) -> String {
        noun.counted(count)
    }

    /// The footer under the catalog's last section: "End of the catalog: 240 cards in 8 sections".
    package static func catalogFooter(cards: Int, sections: Int) -> String {
        "End of the catalog: \(Noun.card.counted(cards)) in \(Noun.section.counted(sections))"
    }
}
