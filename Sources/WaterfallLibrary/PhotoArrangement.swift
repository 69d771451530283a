import Foundation
import SystemPackage
import WaterfallPhotos

/// How the timeline groups the photos into sections.
public enum PhotoGrouping: String, CaseIterable, Sendable {
    /// A section per folder, in the walk's order (the wall as walked).
    case folder
    /// A section per day taken.
    case day
    /// A section per month taken.
    case month
    /// A section per year taken.
    case year
    /// A section per group of near-duplicates (copies, resized, recompressed or lightly cropped ones), the best photo
    /// first: the highest rated, then the largest. A photo in no group is not shown.
    case similar
}

/// Which of the wall's photos show, in which sections and in what order: the `/` filter's query, the least rating,
/// whether rejected photos hide, the timeline's grouping and the order within a section. The wall keeps every photo
/// the walk found (by folder) and shows them through its arrangement.
public struct PhotoArrangement: Hashable, Sendable {
    /// The `/` filter's text: a query (`PhotoQuery`) whose terms must all hold; free text is found in the file's name
    /// and its folders' below the root, with case and accents ignored ("ete" finds "Été.jpg"). Empty: every photo.
    public var nameFilter = "" { didSet { readFilter() } }
    /// The query of `nameFilter`, or, while it cannot be read (`filterError`), the last one it said that could.
    public private(set) var query = PhotoQuery.everything
    /// Why `nameFilter` cannot be read as a query, and at which column; `nil` when it can.
    public private(set) var filterError: PhotoQueryError?
    /// Only photos of at least this many stars (0: every photo).
    public var minimumRating = 0
    /// Whether rejected photos are left out.
    public var hidesRejected = false
    /// The sections: folders, or periods of the date taken.
    public var grouping = PhotoGrouping.folder
    /// Whether each section's photos are in the order they were taken (oldest first), rather than the walk's.
    public var sortsByTaken = false
    /// Whether the newest period comes first (the timeline's sections; folders keep the walk's order).
    public var newestPeriodFirst = true
    /// The stacks shown open, each named by any of its photos' files: each photo of an open stack is a card of its
    /// own, with its place in the stack ("2/3"), where the stack's card was.
    public var openStacks: Set<FilePath> = []
    /// Every photo, by folder, as walked.
    public init() {}

    /// Whether the arrangement shows the walk's cards as they are: no filter, by folder, in the walk's order.
    public var showsEverythingAsWalked: Bool {
        query.isEverything && minimumRating == 0 && !hidesRejected && grouping == .folder && !sortsByTaken
            && openStacks.isEmpty
    }

    /// Whether it asks for the groups of near-duplicates: grouped by them, or a query with `is:duplicate`.
    public var asksForDuplicates: Bool {
        grouping == .similar || query.terms.contains { $0.condition == .duplicate }
    }

    /// Whether the photo of `facts` and `card` passes the filter (asked by `matcher`, in the card's section), the
    /// least rating and the rejects; the card's own storage is read only when the query asks its name or camera.
    @inline(__always)
    private func showsPhoto(
        _ facts: CardFilterFacts, _ card: UnsafePointer<PhotoCard>, _ matcher: inout CardMatcher
    ) -> Bool {
        guard facts.marks.rating >= minimumRating, !(hidesRejected && facts.marks.isRejected) else { return false }
        return query.isEverything || matcher.matches(facts, card)
    }

    /// Whether the photo of `card` passes (`showsPhoto`), its facts worked out: a stack's photo.
    private func showsPhoto(_ card: PhotoCard, _ matcher: inout CardMatcher) -> Bool {
        withUnsafePointer(to: card) { showsPhoto(CardFilterFacts($0.pointee), $0, &matcher) }
    }

    /// Whether `card` is a stack shown open.
    public func isOpen(_ card: PhotoCard) -> Bool {
        card.isStack && !openStacks.isEmpty && card.stack.contains { openStacks.contains($0.path) }
    }

    /// Hands `body` the cards of `section` of a library this arrangement shows, in the section's order, with their
    /// aspects and facts: those that pass, each open stack's photos that pass as cards of their own. Read in place,
    /// from the section's columns: a loop over an array copies each card it hands out (a retain and a release), and a
    /// card's storage is read only for what the query asks of it.
    @inline(__always)
    private func forEachShown(
        of section: PhotoWallItems.Section, _ matcher: inout CardMatcher,
        _ body: (PhotoCard, Double, CardFilterFacts) -> Void
    ) {
        if !query.isEverything { matcher.enter(folder: Self.foldedFolder(ofSectionTitled: section.title)) }
        let anyOpen = !openStacks.isEmpty
        section.factsOfCards.withUnsafeBufferPointer { facts in
            section.cards.withUnsafeBufferPointer { cards in
                for index in cards.indices {
                    guard facts[index].isStack else {
                        if showsPhoto(facts[index], cards.baseAddress! + index, &matcher) {
                            body(cards[index], section.aspects[index], facts[index])
                        }
                        continue
                    }
                    // A stack: shown when one of its photos passes; open, each that passes.
                    if anyOpen && isOpen(cards[index]) {
                        for photo in cards[index].openStackCards where showsPhoto(photo, &matcher) {
                            body(photo, photo.aspect, CardFilterFacts(photo))
                        }
                    } else if cards[index].stack.contains(where: { showsPhoto($0, &matcher) }) {
                        body(cards[index], section.aspects[index], facts[index])
                    }
                }
            }
        }
    }

    /// The cards of `section` this arrangement shows (`forEachShown`), in its order.
    private func shownCards(of section: PhotoWallItems.Section, _ matcher: inout CardMatcher) -> GatheredCards {
        var shown = GatheredCards(keepsTimes: sortsByTaken)
        forEachShown(of: section, &matcher) { shown.append($0, aspect: $1, facts: $2) }
        return shown
    }

    /// Reads `nameFilter` as a query; one that cannot be read leaves the last query in place, and says why.
    private mutating func readFilter() {
        do throws(PhotoQueryError) {
            query = try PhotoQuery(parsing: nameFilter)
            filterError = nil
        } catch {
            filterError = error
        }
    }

    /// The folded path below its root of the folder a walked section (titled "root/below") holds: what free text and
    /// `folder:` search. The root's own name is left out, or every photo would match it.
    private static func foldedFolder(ofSectionTitled title: String) -> String {
        guard let slash = title.firstIndex(of: "/") else { return "" }
        return NameFolding.fold(String(title[title.index(after: slash)...]))
    }

    /// The cards of `library` (a section per folder) this arrangement shows, in its sections, each period titled in
    /// `locale` ("March 2024"; Foundation's `Locale.current` by default: a program passes the user's,
    /// `Locale.forDates(environment:)`).
    public func arranged(_ library: PhotoWallItems, locale: Locale = .current) -> PhotoWallItems {
        showsEverythingAsWalked ? library : arranged(library, periodTitle: PeriodTitles(locale: locale).title)
    }

    /// The cards of `library` this arrangement shows, in its sections, each period titled by `periodTitle`.
    /// - Complexity: O(n) over the library's cards, plus O(k log k) to order k cards by date taken when asked.
    package func arranged(_ library: PhotoWallItems, periodTitle: (PhotoGrouping, Int) -> String) -> PhotoWallItems {
        var result = PhotoWallItems()
        var matcher = CardMatcher(query)
        if grouping == .folder {
            for section in library.sections {
                let cards = ordered(shownCards(of: section, &matcher))
                if !cards.isEmpty { result.appendSection(cards, titled: section.title) }
            }
            return result
        }
        if grouping == .similar { return similarGroups(library) }
        // One pass: a card is one reference (`PhotoCard`), so the periods' arrays grow cheaply; the cards are read in
        // place (a loop over an array copies each card it hands out: a retain and a release).
        var periods: [(key: Int, cards: GatheredCards)] = []
        var buckets = PeriodBuckets()
        for section in library.sections {
            forEachShown(of: section, &matcher) { card, aspect, facts in
                let key = periodKey(of: facts.taken)
                let bucket = buckets.bucket(of: key) ?? periods.count
                if bucket == periods.count {
                    buckets.add(key, bucket: bucket)
                    periods.append((key, GatheredCards(keepsTimes: sortsByTaken)))
                }
                periods[bucket].cards.append(card, aspect: aspect, facts: facts)
            }
        }
        periods.sort { newestPeriodFirst ? $0.key > $1.key : $0.key < $1.key }
        for period in periods {
            result.appendSection(ordered(period.cards), titled: periodTitle(grouping, period.key))
        }
        return result
    }

    /// The period `taken` falls in: `yyyymmdd`, `yyyymm` or `yyyy`.
    package func periodKey(of taken: TakenTime) -> Int {
        switch grouping {
        case .day: return taken.day
        case .month: return taken.month
        case .year, .folder, .similar: return taken.year
        }
    }

    /// The cards of `library` this arrangement shows that are in a group of near-duplicates, a section for each
    /// group: the groups in the order of their best photos' places, each best first (`isBetter(_:than:)`), titled
    /// "NAME and 2 alike". Photos without a hash yet are in no group; those whose pictures cannot be decoded are with
    /// their exact copies.
    /// - Complexity: O(n) over the cards, plus the groups' search (`NearDuplicateGroups`).
    private func similarGroups(_ library: PhotoWallItems) -> PhotoWallItems {
        var shown: [PhotoCard] = []
        var matcher = CardMatcher(query)
        for section in library.sections { shown += shownCards(of: section, &matcher).cards }
        let groups = NearDuplicateGroups(shown).groups.map { group in
            group.sorted {
                Self.isBetter(shown[$0], than: shown[$1]) || (!Self.isBetter(shown[$1], than: shown[$0]) && $0 < $1)
            }
        }
        var result = PhotoWallItems()
        for group in groups.sorted(by: { $0[0] < $1[0] }) {
            let best = shown[group[0]]
            result.appendSection(group.map { shown[$0] }, titled: "\(best.title) and \(group.count - 1) alike")
        }
        return result
    }

    /// Whether `a` is the better of two near-duplicates: rated higher (a rejected one lowest), else of more pixels,
    /// else the larger file.
    package static func isBetter(_ a: PhotoCard, than b: PhotoCard) -> Bool {
        func rank(_ card: PhotoCard) -> Int { card.marks.isRejected ? -1 : card.marks.rating }
        if rank(a) != rank(b) { return rank(a) > rank(b) }
        let pixels = { (card: PhotoCard) in (card.pixelWidth ?? 0) * (card.pixelHeight ?? 0) }
        if pixels(a) != pixels(b) { return pixels(a) > pixels(b) }
        return a.fileSize > b.fileSize
    }

    /// `cards` oldest first when `sortsByTaken` (ties in their order), else as they are.
    private func ordered(_ cards: GatheredCards) -> GatheredCards {
        sortsByTaken ? cards.sortedByTaken() : cards
    }
}

/// Which period's cards a key's card joins: the two periods last asked first (a folder's photos come in runs of a
/// period, or by turns of two), then a dictionary. A regrouping of 100,000 photos asks 100,000 times.
private struct PeriodBuckets {
    private var recent: [(key: Int, bucket: Int)] = []
    private var all: [Int: Int] = [:]

    /// The bucket of `key`, if it has one.
    mutating func bucket(of key: Int) -> Int? {
        // Found first, then moved to the front: swapping while a loop holds the array would copy it each time.
        if let index = recent.firstIndex(where: { $0.key == key }) {
            if index > 0 { recent.swapAt(0, index) }
            return recent[0].bucket
        }
        guard let bucket = all[key] else { return nil }
        remember(key, bucket)
        return bucket
    }

    /// Gives `key` its `bucket`.
    mutating func add(_ key: Int, bucket: Int) {
        all[key] = bucket
        remember(key, bucket)
    }

    private mutating func remember(_ key: Int, _ bucket: Int) {
        recent.insert((key, bucket), at: 0)
        if recent.count > 2 { recent.removeLast() }
    }
}
