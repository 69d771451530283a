import Waterfall
import WaterfallCards
import WaterfallLibrary

/// The wall's words for a screen reader: what a program gives its accessibility bridge (`WaterfallAccessibility`'s
/// content) to name the cards in view, the section bars, the counts and the lightbox's photo. Asked of one element at
/// a time, never of every card.
extension PhotoWall {
    /// The name of the card at `indexPath`: "harbour.jpg, 4 stars, 12 March 2023" (`SpokenCards.name(of:day:)`, the day
    /// in the wall's locale, `Configuration.locale`); empty for no such card.
    public func accessibleName(ofItemAt indexPath: ItemPath) -> String {
        guard items.sections.indices.contains(indexPath.section),
            items.sections[indexPath.section].cards.indices.contains(indexPath.item)
        else { return "" }
        return SpokenCards.name(of: items[indexPath], day: library.spokenDay)
    }

    /// The name of `section`'s header, its title and count as the bar shows them ("Holidays, 24 photos"), or of its
    /// footer, as the bar shows it ("24 photos in 2 folders").
    public func accessibleName(ofSupplementaryElementOfKind kind: ElementKind, inSection section: Int) -> String {
        guard items.sections.indices.contains(section) else { return "" }
        if kind == .header {
            let shown = items.sections[section]
            return "\(shown.title), \(Noun.photo.counted(shown.photoCount))"
        }
        return PhotoWallText.footer(
            photos: items.photoCount, sections: items.numberOfSections, grouping: library.arrangement.grouping)
    }

    /// What the wall holds, counted: "6 photos", "1 photo", "1,234 photos"; the photos shown, a stack's each.
    public var accessibleSummary: String { Noun.photo.counted(items.photoCount) }

    /// What the lightbox shows of its photo beside its name (`SpokenCards.description(of:)`): "4032 by 3024 pixels,
    /// 3.1 MB"; empty for no such card.
    public func accessibleDescription(ofItemAt indexPath: ItemPath) -> String {
        guard items.sections.indices.contains(indexPath.section),
            items.sections[indexPath.section].cards.indices.contains(indexPath.item)
        else { return "" }
        return SpokenCards.description(of: items[indexPath])
    }
}
