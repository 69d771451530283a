import WaterfallPhotos

/// A search over a library, as the `/` filter and `--search` take it: terms separated by spaces, which must all hold.
///
/// - Free text (`beach`, `"sea side"`) is found in the file's name, its folder's name and its keywords, case and
///   accents ignored.
/// - `keyword:beach` finds the keyword, wherever it is in the tree (`places/sea/beach`); `keyword:places/sea` finds
///   that branch and every keyword under it.
/// - `rating>=4`, `rating:3`, `rating<2`, `rating:2..4`; `rejected`.
/// - `date:2023`, `date:2023-06`, `date:2023-06-01`, `date:2023-06-01..2023-08-31`: when it was taken.
/// - `camera:"X-T4"`, `lens:35`: text in the camera's or the lens's name; `iso>3200`, `iso:400`, `iso:100..400`.
/// - `format:raw|heic`, `type:video|photo`, `folder:Holidays`, `is:duplicate`.
/// - A term after `-` must not hold: `-rejected`, `-keyword:people`.
///
/// `PhotoQuery(parsing:)` reads one and names the column of what it cannot read (`PhotoQueryError`).
public struct PhotoQuery: Hashable, Sendable {
    /// The terms, each of which must hold.
    public var terms: [Term]

    /// One term: a condition, or its negation.
    public struct Term: Hashable, Sendable {
        /// What must hold.
        public var condition: Condition
        /// Whether the condition must not hold instead (`-`).
        public var isNegated: Bool

        /// The term that `condition` holds (or, `isNegated`, does not).
        public init(_ condition: Condition, isNegated: Bool = false) {
            self.condition = condition
            self.isNegated = isNegated
        }
    }

    /// What a term asks of a photo. Texts are held folded (`NameFolding`: lowercased, accents dropped).
    public enum Condition: Hashable, Sendable {
        /// The text in the file's name, its folder's name or one of its keywords.
        case text(String)
        /// A keyword, or one under it, wherever in the tree: its path, parts joined by `/` (`places/sea`), matched on
        /// whole parts.
        case keyword(String)
        /// A rating within the range (0 to 5 stars).
        case rating(ClosedRange<Int>)
        /// Rejected.
        case rejected
        /// Taken within the range.
        case taken(ClosedRange<TakenTime>)
        /// The text in the camera's name (its make and model).
        case camera(String)
        /// The text in the lens's name.
        case lens(String)
        /// An ISO speed within the range.
        case iso(ClosedRange<Int>)
        /// One of the formats.
        case format(Set<ImageFormat>)
        /// One of the kinds: a still photo, a video.
        case kind(Set<MediaKind>)
        /// The text in the name of the folder the file is in.
        case folder(String)
        /// In a group of duplicates or near-duplicates.
        case duplicate
    }

    /// What a file shows: a still photo or a video (`type:`).
    public enum MediaKind: Hashable, Sendable {
        /// A still photo (any format but a video).
        case photo
        /// A video.
        case video
    }

    /// A query of `terms`.
    public init(terms: [Term]) {
        self.terms = terms
    }

    /// The query that every photo matches: no terms.
    public static let everything = PhotoQuery(terms: [])

    /// Whether every photo matches it.
    public var isEverything: Bool { terms.isEmpty }

    /// Whether a term asks for what the culling keys change: the marks or the keywords (free text finds keywords).
    public var asksMarksOrKeywords: Bool {
        terms.contains { term in
            switch term.condition {
            case .text, .keyword, .rating, .rejected: true
            default: false
            }
        }
    }

    /// Whether `photo` matches: every term holds.
    public func matches(_ photo: some QueryablePhoto) -> Bool {
        terms.allSatisfy { $0.holds(for: photo) }
    }
}

extension PhotoQuery.Term {
    /// Whether the term holds for `photo`. Inlined, as `Condition.holds(for:)` is: a filter asks it of a million cards.
    @inline(__always)
    func holds(for photo: some QueryablePhoto) -> Bool {
        condition.holds(for: photo) != isNegated
    }
}

extension PhotoQuery.Condition {
    /// Whether the condition holds for `photo`. One that asks what the photo's facts do not say (a camera, an ISO
    /// speed) does not hold. Inlined into the filter's pass: a call a card costs each a retain of its storage.
    @inline(__always)
    func holds(for photo: some QueryablePhoto) -> Bool {
        switch self {
        case .text(let text):
            // The keywords last, and only for a photo that has some: most have none, and their array costs a retain.
            return NameFolding.contains(photo.foldedName, text) || NameFolding.contains(photo.foldedFolderName, text)
                || (photo.hasKeywords && photo.foldedKeywords.contains { NameFolding.contains($0, text) })
        case .keyword(let path):
            return photo.hasKeywords && photo.foldedKeywords.contains { NameFolding.containsParts($0, path) }
        case .rating(let range): return range.contains(photo.marks.rating)
        case .rejected: return photo.marks.isRejected
        case .taken(let range): return range.contains(photo.taken)
        case .camera(let text): return photo.camera.map { NameFolding.foldedContains($0, text) } ?? false
        case .lens(let text): return photo.lens.map { NameFolding.foldedContains($0, text) } ?? false
        case .iso(let range): return photo.iso.map(range.contains) ?? false
        case .format(let formats): return photo.format.map(formats.contains) ?? false
        case .kind(let kinds): return kinds.contains(photo.format == .video ? .video : .photo)
        case .folder(let text): return NameFolding.contains(photo.foldedFolderName, text)
        case .duplicate: return photo.isDuplicate
        }
    }
}

/// What a query asks of a photo: its names and keywords folded (`NameFolding`), its marks, when it was taken, its
/// camera, lens and ISO speed when known, its format, and whether it is a duplicate.
public protocol QueryablePhoto {
    /// The file's name, folded.
    var foldedName: String { get }
    /// The name of the folder the file is in, folded.
    var foldedFolderName: String { get }
    /// Its keywords, each a path of parts joined by `/` (`places/sea/beach`), folded.
    var foldedKeywords: [String] { get }
    /// Whether it has keywords: asked before `foldedKeywords` (by default, whether they are not empty).
    var hasKeywords: Bool { get }
    /// Its rating and reject.
    var marks: PhotoMarks { get }
    /// When it was taken.
    var taken: TakenTime { get }
    /// The camera's make and model ("FUJIFILM X-T4"), when known; a query folds it as it compares.
    var camera: String? { get }
    /// The lens's name ("XF35mmF1.4 R"), when known; a query folds it as it compares.
    var lens: String? { get }
    /// The ISO speed, when known.
    var iso: Int? { get }
    /// The file's format, when its header was read.
    var format: ImageFormat? { get }
    /// Whether it is in a group of duplicates or near-duplicates.
    var isDuplicate: Bool { get }
}

extension QueryablePhoto {
    /// Whether `foldedKeywords` is not empty.
    public var hasKeywords: Bool { !foldedKeywords.isEmpty }
}
