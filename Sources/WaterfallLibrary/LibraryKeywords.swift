import Waterfall

/// The keywords of a library's photos, the most used first, which the keyword entry completes from.
public struct LibraryKeywords: Hashable, Sendable {
    /// Every keyword once, the most used first, then in alphabetical order.
    public let keywords: [String]
    /// `keywords` folded (`NameFolding`), in the same order.
    private let folded: [String]

    /// The keywords of the photos of `items`, a stack's each.
    /// - Complexity: O(cards), reading each card's facts; a set of keywords (`KeywordSet`) is read once.
    public init(of items: PhotoWallItems) {
        var photosOfSet: [Int: (count: Int, keywords: [String])] = [:]
        func count(_ card: PhotoCard) {
            let set = card.keywordSetID
            guard set >= 0 else { return }
            if photosOfSet[set] == nil { photosOfSet[set] = (0, card.keywords) }
            photosOfSet[set]!.count += 1
        }
        for section in items.sections {
            for (index, facts) in section.factsOfCards.enumerated() where facts.keywordSetID >= 0 || facts.isStack {
                if facts.isStack { section.cards[index].stack.forEach(count) } else { count(section.cards[index]) }
            }
        }
        var counts: [String: Int] = [:]
        for (photos, keywords) in photosOfSet.values {
            for keyword in keywords { counts[keyword, default: 0] += photos }
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
