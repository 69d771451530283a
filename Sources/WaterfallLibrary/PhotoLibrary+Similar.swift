import Foundation
import SystemPackage
import Waterfall
import WaterfallPhotos

/// What the library knows of its photos' pictures for the groups of near-duplicates: the perceptual hashes worked out
/// and not yet on the cards, the hasher of the photos that have none, and the index's keeper of them.
struct LibrarySimilarity {
    /// Hashes worked out (of the wall's pictures, or the hasher's) and not yet given to the cards, by file.
    var pending: [FilePath: PerceptualHash] = [:]
    /// The most hashes that wait while nothing asks for the groups.
    static let pendingLimit = 4096
    /// The keys of the bytes of photos whose pictures cannot be decoded, not yet given to the cards, by file.
    var pendingKeys: [FilePath: ExactCopyKey] = [:]
    /// Files whose pictures cannot be decoded: not hashed again.
    var unhashable: Set<FilePath> = []
    /// The hasher, made when the arrangement first asks for the groups.
    var hasher: PhotoHasher?
    /// The files the hasher was last asked for, and how many of them it has done since.
    var asked = 0
    var done = 0
    /// When the cards last had the hashes given and the groups found again: at most once a second while hashing.
    var lastGrouped: ContinuousClock.Instant?
    let decoderExecutable: String?
    let keeper: HashKeeper?

    init(decoderExecutable: String?, keeper: HashKeeper?) {
        self.decoderExecutable = decoderExecutable
        self.keeper = keeper
    }

    /// Whether the hasher has work under way or results to give.
    var hasNews: Bool { hasher.map { !$0.isIdle } ?? false }

    func stop() {
        hasher?.stop()
        keeper?.stop()
    }
}

/// The groups of near-duplicates: perceptual hashes (`PerceptualHash`) come from the wall's decoded pictures
/// (`noteHashes(_:)`), the library index, and, while the arrangement asks for the groups (`--group similar`,
/// `is:duplicate`), a hasher of the photos that have none; each is noted in the index. The cards hold their hashes and
/// whether they are in a group (`PhotoCard.isDuplicate`).
extension PhotoLibrary {
    /// Whether the arrangement asks for the groups (`PhotoArrangement.asksForDuplicates`).
    var needsHashes: Bool { arrangement.asksForDuplicates }

    /// How far the hasher is: the photos hashed of those it was asked for; `nil` when it is not at work.
    public var hashingProgress: (done: Int, total: Int)? {
        guard let hasher = similarity.hasher, !hasher.isIdle || !similarity.pending.isEmpty else { return nil }
        return (similarity.done, similarity.asked)
    }

    /// Notes `hashes`, of the pictures the wall decoded: in the index, and on the cards when the groups are asked for
    /// (at the next `update`).
    public func noteHashes(_ hashes: [(file: FilePath, hash: PerceptualHash)]) {
        guard !hashes.isEmpty else { return }
        similarity.keeper?.note(hashes)
        for (file, hash) in hashes { similarity.pending[file] = hash }
        if needsHashes {
            wake()
        } else if similarity.pending.count >= LibrarySimilarity.pendingLimit {
            // Nothing asks for the groups: the cards take the hashes now, a pass over them per few thousand pictures,
            // rather than a dictionary that grows with every picture decoded.
            _ = give(similarity.pending, as: \.perceptualHash)
            similarity.pending = [:]
        }
    }

    /// Takes the hasher's results, and, while the groups are asked for, gives the hashes to the cards and finds the
    /// groups again (at most once a second while the hasher works, and once it is done); asks the hasher for the cards
    /// without a hash when the walk advanced. Returns the arrangement made again, if it changed.
    func takeHashes(walkAdvanced: Bool) -> PhotoLibraryChange? {
        if let hasher = similarity.hasher {
            var found: [(file: FilePath, hash: PerceptualHash)] = []
            for result in hasher.takeResults() {
                similarity.done += 1
                if let hash = result.hash {
                    found.append((result.file, hash))
                    similarity.pending[result.file] = hash
                } else {
                    similarity.unhashable.insert(result.file)
                    if let key = result.exactKey { similarity.pendingKeys[result.file] = key }
                }
            }
            similarity.keeper?.note(found)
        }
        guard needsHashes else { return nil }
        let isHashing = similarity.hasher.map { !$0.isIdle } ?? false
        let now = ContinuousClock.now
        let isDue = similarity.lastGrouped.map { now - $0 >= .seconds(1) } ?? true
        let hasPending = !similarity.pending.isEmpty || !similarity.pendingKeys.isEmpty
        guard hasPending || walkAdvanced, !isHashing || isDue else { return nil }
        let changed = findDuplicates(startingHasher: walkAdvanced)
        return changed ? rearrange(scrollsToTop: false) : nil
    }

    /// Gives the cards the hashes pending, asks the hasher for those without one when `startingHasher`, and marks the
    /// cards in a group of near-duplicates. Returns whether a card changed.
    /// - Complexity: O(cards), plus the groups' search (`NearDuplicateGroups`).
    @discardableResult
    func findDuplicates(startingHasher: Bool) -> Bool {
        similarity.lastGrouped = ContinuousClock.now
        let hashes = give(similarity.pending, as: \.perceptualHash)
        let keys = give(similarity.pendingKeys, as: \.exactCopyKey)
        (similarity.pending, similarity.pendingKeys) = ([:], [:])
        let changed = hashes || keys
        if startingHasher || similarity.hasher == nil { askHasher() }
        return walked.markDuplicates() || changed
    }

    /// Gives each card of `values`' files its value at `property`; returns whether a card changed.
    private func give<Value: Equatable>(
        _ values: [FilePath: Value], as property: WritableKeyPath<PhotoCard, Value?>
    ) -> Bool {
        guard !values.isEmpty else { return false }
        var changed = false
        walked.changeCards(of: Set(values.keys)) { card in
            if let value = values[card.path], card[keyPath: property] != value {
                card[keyPath: property] = value
                changed = true
            }
        }
        return changed
    }

    /// Asks the hasher (made at the first call) for every photo without a hash that can have one: not broken, not a
    /// video, not one that could not be decoded.
    private func askHasher() {
        var files: [FilePath] = []
        for section in walked.sections {
            for card in section.cards where card.perceptualHash == nil && !card.isBroken && !card.isVideo {
                let file = card.path
                if !similarity.unhashable.contains(file) { files.append(file) }
            }
        }
        if similarity.hasher == nil {
            guard !files.isEmpty else { return }
            similarity.hasher = PhotoHasher(decoderExecutable: similarity.decoderExecutable, wake: wake)
        }
        similarity.asked = files.count
        similarity.done = 0
        similarity.hasher?.want(files)
    }
}

extension PhotoWallItems {
    /// Marks each card in a group of near-duplicates or exact copies (`PhotoCard.isDuplicate`), and the others not;
    /// returns whether a card changed.
    /// - Complexity: O(cards), plus the groups' search (`NearDuplicateGroups`).
    package mutating func markDuplicates() -> Bool {
        var paths: [ItemPath] = []
        var cards: [PhotoCard] = []
        for section in 0..<numberOfSections {
            for item in 0..<numberOfItems(inSection: section) {
                let path = ItemPath(item: item, section: section)
                paths.append(path)
                cards.append(self[path])
            }
        }
        var inGroup = [Bool](repeating: false, count: paths.count)
        for group in NearDuplicateGroups(cards).groups {
            for member in group { inGroup[member] = true }
        }
        var changed = false
        for (index, path) in paths.enumerated() where self[path].isDuplicate != inGroup[index] {
            var card = self[path]
            card.isDuplicate = inGroup[index]
            replace(path, with: card)
            changed = true
        }
        return changed
    }
}

extension NearDuplicateGroups {
    /// The groups of `cards`: by their perceptual hashes, and, for those whose pictures cannot be decoded, by the keys
    /// of their bytes.
    init(_ cards: [PhotoCard]) {
        self.init(hashes: cards.map(\.perceptualHash), exactKeys: cards.map(\.exactCopyKey))
    }
}
