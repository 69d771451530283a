import Waterfall

/// The keywords of a library's photos, the most used first, which the keyword entry completes from.
public struct LibraryKeywords: Hashable, Sendable {
    /// Every keyword once, the most used first, then in alphabetical order.
    public let keywords: [String]
    /// `keywords` folded (`NameFolding`), in the same order.
    private let folded: [String]

    /// The keywords of the cards of `items`.
    /// - Complexity: O(cards).
    public init(of items: PhotoWallItems) {
        var counts: [String: Int] = [:]
        for section in 0..<items.numberOfSections {
            for item in 0..<items.numberOfItems(inSection: section) {
                for keyword in items[ItemPath(item: item, section: section)].keywords {
                    counts[keyword, default: 0] += 1
                }
            }
        }
        keywords = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
        folded = keywords.map(NameFolding.fold)
    }

    /// The first keyword (the most used first) that starts with `text`, case and accents aside, and is longer; `nil`
    /// when none does or `text` is empty.
    /// - Complexity: O(keywords).
    public func completion(of text: String) -> String? {
        guard !text.isEmpty else { return nil }
        let typed = NameFolding.fold(text)
        return keywords.indices.first { keywords[$0].count > text.count && folded[$0].hasPrefix(typed) }.map {
            keywords[$0]
        }
    }
}
