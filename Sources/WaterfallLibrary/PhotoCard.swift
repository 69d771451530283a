import SystemPackage
import Waterfall
import WaterfallPhotos

/// A photo's card on the wall: at its upright aspect, captioned with its file name and "4032 × 3024 · 3.1 MB" (and
/// the date taken, when the EXIF has it), or the reason it cannot be shown.
public struct PhotoCard: Equatable, Sendable {
    /// The card's fields in one object, copied on write: a card is one reference, copied with one reference count and
    /// eight bytes (a keystroke of the filter, or a regrouping by month, copies up to 100,000 cards).
    /// What a filter's pass reads of each card (its marks, folded name, date and format, and whether it has keywords) is
    /// declared first, in the object's first 64 bytes (a cache line: a keystroke over a million cards reads one line
    /// of each), then the rest widest first, the optional sizes, duration and hash held without a tag byte each; what
    /// few photos have (keywords, an exact-copy key) is held apart (`Extras`). A storage takes about 160 bytes of the heap.
    private final class Storage: @unchecked Sendable {  // changed only while one card holds it (`change(_:)`)
        let location: FileLocation
        var marks: PhotoMarks
        var isBroken: Bool
        /// Whether the photo is in a group of near-duplicates, as the library last found them.
        var isDuplicate = false
        /// The number (`KeywordSet.id`) of the keywords in `extras`; -1 for none: what a query asks first.
        var keywordSetID: Int32
        /// Whether `extras` has a stack: what a query asks first.
        var isStack: Bool
        /// Whether `hashBits` is the perceptual hash of its picture (else it has none yet).
        var hasHash = false
        /// The format its header said; `nil` for a photo without one.
        let format: ImageFormat?
        var foldedName: String
        var taken: TakenTime
        /// The keywords and the exact-copy key, for the few photos with either.
        var extras: Extras?
        /// Why the photo cannot be shown, for the caption of a photo with no header.
        var reason: String?
        /// The camera, lens and exposure, shared with the photo's header.
        let shot: ShotDetails?
        var aspect: Double
        var fileSize: Int
        var modified: Double
        /// The duration in seconds; NaN for none.
        var durationOrNaN: Double
        /// EXIF's date taken ("2024:05:01 12:30:00"), for the caption.
        var dateTaken: ExifDateText?
        /// The upright size in pixels; -1 for none.
        var pixelWidthOrNone: Int32
        var pixelHeightOrNone: Int32
        /// The perceptual hash's bits, when `hasHash`.
        var hashBits: UInt64 = 0

        init(
            location: FileLocation, dateTaken: ExifDateText?, reason: String?, aspect: Double, pixelWidth: Int?,
            pixelHeight: Int?, fileSize: Int, modified: Double, isBroken: Bool, duration: Double?, format: ImageFormat?,
            marks: PhotoMarks, taken: TakenTime, foldedName: String, extras: Extras?, shot: ShotDetails?
        ) {
            self.location = location
            self.shot = shot
            self.extras = extras
            keywordSetID = extras?.keywordSet.map { Int32(truncatingIfNeeded: $0.id) } ?? -1
            isStack = extras?.stack.isEmpty == false
            self.reason = reason
            self.foldedName = foldedName
            self.aspect = aspect
            self.fileSize = fileSize
            self.modified = modified
            self.taken = taken
            durationOrNaN = duration ?? .nan
            self.dateTaken = dateTaken
            pixelWidthOrNone = Self.pixels(pixelWidth)
            pixelHeightOrNone = Self.pixels(pixelHeight)
            self.marks = marks
            self.isBroken = isBroken
            self.format = format
        }

        var pixelWidth: Int? {
            get { pixelWidthOrNone < 0 ? nil : Int(pixelWidthOrNone) }
            set { pixelWidthOrNone = Self.pixels(newValue) }
        }
        var pixelHeight: Int? {
            get { pixelHeightOrNone < 0 ? nil : Int(pixelHeightOrNone) }
            set { pixelHeightOrNone = Self.pixels(newValue) }
        }
        var duration: Double? {
            get { durationOrNaN.isNaN ? nil : durationOrNaN }
            set { durationOrNaN = newValue ?? .nan }
        }
        var perceptualHash: PerceptualHash? {
            get { hasHash ? PerceptualHash(bits: hashBits) : nil }
            set { (hasHash, hashBits) = (newValue != nil, newValue?.bits ?? 0) }
        }

        /// A size in pixels as held: -1 for none (or a negative one), at most `Int32.max`.
        private static func pixels(_ size: Int?) -> Int32 {
            size.map { Int32(clamping: max(0, $0)) } ?? -1
        }

        func copy() -> Storage {
            let copy = Storage(
                location: location, dateTaken: dateTaken, reason: reason, aspect: aspect, pixelWidth: pixelWidth,
                pixelHeight: pixelHeight, fileSize: fileSize, modified: modified, isBroken: isBroken,
                duration: duration, format: format, marks: marks, taken: taken, foldedName: foldedName, extras: extras,
                shot: shot)
            copy.isDuplicate = isDuplicate
            copy.perceptualHash = perceptualHash
            return copy
        }
    }

    /// What few cards have, apart from the storage: the keywords (a `KeywordSet` shared by the cards with the same), the
    /// key of the bytes of a photo that cannot be decoded, a stack's photos, and an open stack's member's place. Never
    /// changed: a change makes another.
    private final class Extras: Sendable {
        let keywordSet: KeywordSet?
        let exactCopyKey: ExactCopyKey?
        let stack: [PhotoCard]
        let stackPlace: StackPlace?

        private init(keywordSet: KeywordSet?, exactCopyKey: ExactCopyKey?, stack: [PhotoCard], stackPlace: StackPlace?)
        {
            self.keywordSet = keywordSet
            self.exactCopyKey = exactCopyKey
            self.stack = stack
            self.stackPlace = stackPlace
        }

        /// The extras of these; `nil` when there are none.
        static func make(
            keywordSet: KeywordSet?, exactCopyKey: ExactCopyKey?, stack: [PhotoCard] = [], stackPlace: StackPlace? = nil
        ) -> Extras? {
            guard keywordSet != nil || exactCopyKey != nil || !stack.isEmpty || stackPlace != nil else { return nil }
            return Extras(keywordSet: keywordSet, exactCopyKey: exactCopyKey, stack: stack, stackPlace: stackPlace)
        }

        /// These extras with `keywordSet`, `exactCopyKey`, `stack` or `stackPlace` changed.
        static func changing(
            _ extras: Extras?, keywordSet: KeywordSet?? = nil, exactCopyKey: ExactCopyKey?? = nil,
            stack: [PhotoCard]? = nil, stackPlace: StackPlace?? = nil
        ) -> Extras? {
            make(
                keywordSet: keywordSet ?? extras?.keywordSet, exactCopyKey: exactCopyKey ?? extras?.exactCopyKey,
                stack: stack ?? extras?.stack ?? [], stackPlace: stackPlace ?? extras?.stackPlace)
        }
    }

    private var storage: Storage

    /// Changes the card's fields by `body`, in a storage of its own.
    private mutating func change(_ body: (Storage) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        body(storage)
    }

    /// Where the photo's file is.
    public var location: FileLocation { storage.location }
    /// The photo's file: made when asked (`FileLocation.path`).
    public var path: FilePath { storage.location.path }
    /// The caption's first line: the file's name.
    public var title: String { storage.location.name }
    /// The caption's second line: "4032 × 3024 · 3.1 MB · 2024-05-01" (the upright size, the file's size and the date
    /// taken, when the EXIF has it), or why the photo cannot be shown. Made when asked (for the cards drawn), not for
    /// every card of a library.
    public var subtitle: String {
        guard let width = pixelWidth, let height = pixelHeight else { return storage.reason ?? "" }
        let caption = "\(width) × \(height) · \(Self.fileSize(fileSize))"
        return storage.dateTaken.map { caption + " · " + Self.takenDate($0.text) } ?? caption
    }
    /// The picture's height ÷ width, upright (at most `maximumAspect`).
    public var aspect: Double {
        get { storage.aspect }
        set { change { $0.aspect = newValue } }
    }
    /// The photo's upright width in pixels, when its header said.
    public var pixelWidth: Int? {
        get { storage.pixelWidth }
        set { change { $0.pixelWidth = newValue } }
    }
    /// The photo's upright height in pixels, when its header said.
    public var pixelHeight: Int? {
        get { storage.pixelHeight }
        set { change { $0.pixelHeight = newValue } }
    }
    /// The file's size in bytes.
    public var fileSize: Int {
        get { storage.fileSize }
        set { change { $0.fileSize = newValue } }
    }
    /// The file's modification time when the walk read it, in seconds since 1970.
    public var modified: Double {
        get { storage.modified }
        set { change { $0.modified = newValue } }
    }
    /// Whether the photo cannot be shown (its header was refused).
    public var isBroken: Bool {
        get { storage.isBroken }
        set { change { $0.isBroken = newValue } }
    }
    /// A video's duration in seconds (`nil` when its container does not say), for its badge; `nil` for a picture.
    public var duration: Double? {
        get { storage.duration }
        set { change { $0.duration = newValue } }
    }
    /// Whether the card is a video's: its poster frame is drawn with a play badge, and the lightbox's Enter asks for
    /// the video to be played (`PhotoWall.onOpenExternally`).
    public var isVideo: Bool { storage.format == .video }
    /// The photo's format, as its header said; `nil` for a photo without one (`format:` in a query).
    public var format: ImageFormat? { storage.format }
    /// The photo's star rating and reject, shown on the card and changed by the culling keys.
    public var marks: PhotoMarks {
        get { storage.marks }
        set { change { $0.marks = newValue } }
    }
    /// When the photo was taken: EXIF's DateTimeOriginal, else the file's modification time (the timeline's key).
    public var taken: TakenTime {
        get { storage.taken }
        set { change { $0.taken = newValue } }
    }
    /// The name folded for the filter (`NameFolding`).
    var foldedName: String { storage.foldedName }
    /// Whether `taken` is EXIF's date taken, not the file's modification time.
    package var isTakenByEXIF: Bool { storage.dateTaken != nil }
    /// The photo's keywords, each a path of parts joined by `/` ("places/sea/beach"), as its XMP says.
    public var keywords: [String] {
        get { storage.extras?.keywordSet?.keywords ?? [] }
        set {
            let set = KeywordSet.of(newValue)
            change {
                $0.extras = Extras.changing($0.extras, keywordSet: .some(set))
                $0.keywordSetID = set.map { Int32(truncatingIfNeeded: $0.id) } ?? -1
            }
        }
    }
    /// The keywords folded for a query (`NameFolding`).
    var foldedKeywords: [String] { storage.extras?.keywordSet?.folded ?? [] }
    /// Whether the photo has keywords, read without their array.
    var hasKeywords: Bool { storage.keywordSetID >= 0 }
    /// The number of the photo's set of keywords (`KeywordSet.id`), read without it; -1 for none.
    var keywordSetID: Int { Int(storage.keywordSetID) }
    /// The perceptual hash of its picture (`PerceptualHash`), once a thumbnail of it was decoded; `nil` before.
    public var perceptualHash: PerceptualHash? {
        get { storage.perceptualHash }
        set { change { $0.perceptualHash = newValue } }
    }
    /// The key of its bytes (`ExactCopyKey`), worked out for a photo whose picture cannot be decoded, so that its exact
    /// copies are its duplicates; `nil` for the others.
    public var exactCopyKey: ExactCopyKey? {
        get { storage.extras?.exactCopyKey }
        set { change { $0.extras = Extras.changing($0.extras, exactCopyKey: .some(newValue)) } }
    }
    /// Whether the photo is in a group of near-duplicates (`is:duplicate`), as the library last found the groups.
    public var isDuplicate: Bool {
        get { storage.isDuplicate }
        set { change { $0.isDuplicate = newValue } }
    }
    /// The camera, the lens and the exposure its EXIF names, as the walk or the index read them; `nil` for none.
    public var shot: ShotDetails? { storage.shot }

    /// A stack's photos (`PhotoStacking`), in the folder's order, this card's own among them, each a card of its own;
    /// empty for a card of one photo. The stack shows as this card (its cover) with a count.
    public var stack: [PhotoCard] {
        get { storage.extras?.stack ?? [] }
        set {
            change {
                $0.extras = Extras.changing($0.extras, stack: newValue)
                $0.isStack = !newValue.isEmpty
            }
        }
    }
    /// Whether the card stands for a stack of photos, read without its array.
    public var isStack: Bool { storage.isStack }
    /// Where an open stack's photo is in it, for its badge ("2/3"); `nil` for a card not shown as one.
    public var stackPlace: StackPlace? {
        get { storage.extras?.stackPlace }
        set { change { $0.extras = Extras.changing($0.extras, stackPlace: .some(newValue)) } }
    }
    /// The files the card stands for: a stack's, in its order, else its own.
    public var files: [FilePath] { isStack ? stack.map(\.path) : [path] }

    /// The tallest picture a card shows, as height ÷ width: a panorama standing up is cut to this.
    public static let maximumAspect = 20.0
    /// The colour of a picture not decoded yet.
    public static let placeholder = Color(rgb: 0xD5DAE1)

    /// The card of `photo`.
    public init(_ photo: Photo) {
        let header = photo.header
        let size = header?.orientedSize
        storage = Storage(
            location: photo.location, dateTaken: header?.exifDate,
            reason: header == nil ? photo.error.map { "\($0)" } : nil, aspect: min(Self.maximumAspect, photo.aspect),
            pixelWidth: size?.width, pixelHeight: size?.height, fileSize: photo.fileSize, modified: photo.modified,
            isBroken: photo.error != nil, duration: header?.duration, format: header?.format,
            marks: photo.marks, taken: photo.taken, foldedName: NameFolding.fold(photo.name),
            extras: Extras.make(keywordSet: KeywordSet.of(photo.keywords), exactCopyKey: nil), shot: header?.shot)
        storage.perceptualHash = photo.perceptualHash
    }

    /// Whether two cards show the same: every field equal (the same storage, at once).
    public static func == (a: PhotoCard, b: PhotoCard) -> Bool {
        if a.storage === b.storage { return true }
        return a.location == b.location && a.storage.dateTaken == b.storage.dateTaken
            && a.storage.reason == b.storage.reason && a.aspect == b.aspect
            && a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight && a.fileSize == b.fileSize
            && a.modified == b.modified && a.isBroken == b.isBroken && a.duration == b.duration
            && a.format == b.format
            && a.marks == b.marks && a.taken == b.taken && a.keywords == b.keywords && a.shot == b.shot
            && a.perceptualHash == b.perceptualHash && a.isDuplicate == b.isDuplicate
            && a.exactCopyKey == b.exactCopyKey && a.stack == b.stack && a.stackPlace == b.stackPlace
    }

    /// The file as the wall shows it: what a file action checks it still is ("changed by another program").
    package var identity: FileIdentity { FileIdentity(size: fileSize, modified: modified) }

    /// Turns the card a quarter turn (either way): its aspect inverted, its pixel sizes swapped, also in the caption's
    /// "4032 × 3024".
    package mutating func turn() {
        if let width = pixelWidth, let height = pixelHeight, width > 0, height > 0 {
            (pixelWidth, pixelHeight) = (height, width)
            aspect = min(Self.maximumAspect, Double(width) / Double(height))
        } else {
            aspect = min(Self.maximumAspect, 1 / max(aspect, 1 / Self.maximumAspect))
        }
    }

    /// A size on disk as people read it: "512 B", "48 KB", "3.1 MB", "1.2 GB" (powers of 1,000, as file managers show).
    public static func fileSize(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        return value < 10 ? "\((value * 10).rounded() / 10) \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }

    /// EXIF's "2024:05:01 12:30:00" as "2024-05-01".
    public static func takenDate(_ exif: String) -> String {
        String(exif.prefix(10).map { $0 == ":" ? "-" : $0 })
    }
}
