import WaterfallPhotos

/// A query (`PhotoQuery`) as an arrangement's pass asks it of every card, a million of them at a keystroke: its terms
/// cheapest first (the marks and the date before any text), what a section's folder says of a term worked out once
/// a section (`enter(folder:)`), and what a set of keywords says (`KeywordSet`, shared by the cards with the same
/// keywords) worked out once a pass.
struct CardMatcher {
    private let terms: [PhotoQuery.Term]
    /// For each term, whether the folder of the section the pass is in makes it hold (free text in the folder's name,
    /// `folder:`).
    private var folderHolds: [Bool]
    /// For each term that asks the keywords, what each set of them (by `KeywordSet.id`) said: -1 not asked yet, 0 no,
    /// 1 yes.
    private var keywordAnswers: [[Int8]]

    /// The matcher of `query`.
    init(_ query: PhotoQuery) {
        terms = query.terms.enumerated().sorted {
            (Self.cost(of: $0.element.condition), $0.offset) < (Self.cost(of: $1.element.condition), $1.offset)
        }.map(\.element)
        folderHolds = [Bool](repeating: false, count: terms.count)
        let sets = terms.contains(where: { Self.asksKeywords($0.condition) }) ? KeywordSet.count : 0
        keywordAnswers = terms.map { Self.asksKeywords($0.condition) ? [Int8](repeating: -1, count: sets) : [] }
    }

    /// Starts a section of the folder whose path below its root, folded, is `folder`.
    mutating func enter(folder: String) {
        for index in terms.indices {
            switch terms[index].condition {
            case .text(let text), .folder(let text): folderHolds[index] = NameFolding.contains(folder, text)
            default: break
            }
        }
    }

    /// Whether the card of `facts` (of the section entered last) matches: every term holds. `card` is read only for
    /// what its facts do not say.
    @inline(__always)
    mutating func matches(_ facts: CardFilterFacts, _ card: UnsafePointer<PhotoCard>) -> Bool {
        for index in terms.indices where holds(index, facts, card) == terms[index].isNegated { return false }
        return true
    }

    /// Whether term `index`'s condition holds for the card of `facts`.
    @inline(__always)
    private mutating func holds(_ index: Int, _ facts: CardFilterFacts, _ card: UnsafePointer<PhotoCard>) -> Bool {
        switch terms[index].condition {
        case .text(let text):
            return folderHolds[index] || NameFolding.contains(card.pointee.foldedName, text)
                || keywordsSay(index, facts, card) { NameFolding.contains($0, text) }
        case .keyword(let path): return keywordsSay(index, facts, card) { NameFolding.containsParts($0, path) }
        case .folder: return folderHolds[index]
        case .rating(let range): return range.contains(facts.marks.rating)
        case .rejected: return facts.marks.isRejected
        case .taken(let range): return range.contains(facts.taken)
        case .format(let formats): return facts.format.map(formats.contains) ?? false
        case .kind(let kinds): return kinds.contains(facts.format == .video ? .video : .photo)
        case let condition: return condition.holds(for: CardFacts(card: card.pointee, foldedFolderName: ""))
        }
    }

    /// Whether one of the card's keywords passes `test`, as its set's answer for term `index` (asked once a set).
    private mutating func keywordsSay(
        _ index: Int, _ facts: CardFilterFacts, _ card: UnsafePointer<PhotoCard>, _ test: (String) -> Bool
    ) -> Bool {
        let set = Int(facts.keywordSetID)
        guard set >= 0 else { return false }
        if set < keywordAnswers[index].count, keywordAnswers[index][set] >= 0 { return keywordAnswers[index][set] == 1 }
        let answer = card.pointee.foldedKeywords.contains(where: test)
        if set >= keywordAnswers[index].count {  // a set made since the pass began
            keywordAnswers[index] += repeatElement(-1, count: set + 1 - keywordAnswers[index].count)
        }
        keywordAnswers[index][set] = answer ? 1 : 0
        return answer
    }

    /// Whether `condition` asks a photo's keywords.
    private static func asksKeywords(_ condition: PhotoQuery.Condition) -> Bool {
        switch condition {
        case .text, .keyword: true
        default: false
        }
    }

    /// How much asking `condition` of a card costs, roughly: a fact's compare (0) first, then a range's or a set's
    /// (1), then a field of the card's own storage (2), a keyword set's answer (3), a name's fold as it compares (4),
    /// and a scan of the file's name (5).
    private static func cost(of condition: PhotoQuery.Condition) -> Int {
        switch condition {
        case .rating, .rejected, .folder: 0
        case .taken, .format, .kind: 1
        case .duplicate, .iso: 2
        case .keyword: 3
        case .camera, .lens: 4
        case .text: 5
        }
    }
}

/// A card as a query asks of it (`QueryablePhoto`), in its folder.
struct CardFacts: QueryablePhoto {
    let card: PhotoCard
    let foldedFolderName: String

    var foldedName: String { card.foldedName }
    var foldedKeywords: [String] { card.foldedKeywords }
    var hasKeywords: Bool { card.hasKeywords }
    var marks: PhotoMarks { card.marks }
    var taken: TakenTime { card.taken }
    var camera: String? { card.shot?.camera }
    var lens: String? { card.shot?.lens }
    var iso: Int? { card.shot?.iso }
    var format: ImageFormat? { card.format }
    var isDuplicate: Bool { card.isDuplicate }
}
