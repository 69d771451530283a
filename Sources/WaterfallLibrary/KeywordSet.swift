import Synchronization

/// A photo's keywords (each a path of parts joined by `/`) and the same folded (`NameFolding`), one object for every
/// card with the same keywords: a library's photos share a few sets (a shoot's, a summer's), so a million cards hold
/// references, and a query's pass asks each set once (`CardMatcher`, by `id`).
final class KeywordSet: Sendable {
    /// The set's number, from 0 in the order the sets were first made: what a query's pass keeps its answers by.
    let id: Int
    let keywords: [String]
    let folded: [String]

    private init(id: Int, keywords: [String]) {
        self.id = id
        self.keywords = keywords
        folded = keywords.map(NameFolding.fold)
    }

    /// Every set made, by its keywords.
    private static let made = Mutex<[[String]: KeywordSet]>([:])

    /// The set of `keywords`, made when first asked; `nil` for none.
    static func of(_ keywords: [String]) -> KeywordSet? {
        guard !keywords.isEmpty else { return nil }
        return made.withLock { made in
            if let set = made[keywords] { return set }
            let set = KeywordSet(id: made.count, keywords: keywords)
            made[keywords] = set
            return set
        }
    }

    /// How many sets were made so far: every `id` is below it.
    static var count: Int { made.withLock { $0.count } }
}
