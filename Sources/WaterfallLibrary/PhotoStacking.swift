import WaterfallPhotos

/// Where an open stack's photo is in it: its badge says "2/3".
public struct StackPlace: Hashable, Sendable {
    /// The photo's place, from 0, in the stack's order.
    public var index: Int
    /// How many photos the stack holds.
    public var count: Int

    /// The place `index` (from 0) of `count`.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}

/// Which neighbouring photos of a folder are one stack, shown as one card with a count, as digiKam, Shotwell,
/// darktable and immich group them:
/// - a RAW and a JPEG (or a HEIF, an AVIF, a JPEG XL: `picturesBesideRAW`) with the same name but its extension
///   (`IMG_0001.CR2` and `IMG_0001.JPG`), as a camera or a phone writes them side by side;
/// - a burst: photos of one camera (EXIF's model) whose EXIF times taken are at most a second apart, each from the
///   one before it. EXIF gives the time to the second, so two photos of the same or the next second are one burst.
///
/// Only neighbours in the folder's order stack: a RAW and its JPEG sort side by side by name, and a burst's photos by
/// name or time taken. The stack's cover is its first photo that is not a RAW (the picture the camera rendered), else
/// its first.
public enum PhotoStacking {
    /// Whether `next` joins the stack of `previous`, the photo before it in its folder.
    public static func joins(_ next: PhotoCard, after previous: PhotoCard) -> Bool {
        isRAWPair(previous, next) || isBurst(previous, next)
    }

    /// `cards` (a folder's, in its order) with each run of neighbours that `joins(_:after:)` made one stack's card
    /// (`PhotoCard(stacking:)`); the others as they are.
    /// - Complexity: O(n); a photo that stacks with neither neighbour costs two comparisons.
    public static func stacked(_ cards: [PhotoCard]) -> [PhotoCard] {
        guard cards.count > 1 else { return cards }
        var result: [PhotoCard] = []
        result.reserveCapacity(cards.count)
        cards.withUnsafeBufferPointer { cards in
            var start = 0
            for index in 1...cards.count where index == cards.count || !joins(cards[index], after: cards[index - 1]) {
                result.append(index - start == 1 ? cards[start] : PhotoCard(stacking: Array(cards[start..<index])))
                start = index
            }
        }
        return result
    }

    /// The photo of `card` its folder has last: a stack's last, or the card's own.
    static func lastPhoto(of card: PhotoCard) -> PhotoCard { card.isStack ? card.stack[card.stack.count - 1] : card }

    /// The formats a camera or a phone writes beside its RAW: a JPEG, a HEIF, an AVIF, a JPEG XL.
    public static let picturesBesideRAW: Set<ImageFormat> = [.jpeg, .heif, .avif, .jxl]

    /// Whether one of `a` and `b` is a RAW and the other a picture a camera writes beside it (`picturesBesideRAW`),
    /// both named alike but for their extensions.
    private static func isRAWPair(_ a: PhotoCard, _ b: PhotoCard) -> Bool {
        guard let first = a.format, let second = b.format else { return false }
        guard
            (first == .raw && picturesBesideRAW.contains(second))
                || (second == .raw && picturesBesideRAW.contains(first))
        else { return false }
        return stem(of: a.title) == stem(of: b.title)
    }

    /// Whether `a` and `b` are of one camera and taken at most a second apart, by their EXIF.
    private static func isBurst(_ a: PhotoCard, _ b: PhotoCard) -> Bool {
        guard let camera = a.shot?.camera, a.isTakenByEXIF, b.isTakenByEXIF, !a.isVideo, !b.isVideo,
            b.shot?.camera == camera
        else { return false }
        return abs(seconds(of: a.taken) - seconds(of: b.taken)) <= 1
    }

    /// A file's name without its last extension: "IMG_0001" of "IMG_0001.CR2".
    private static func stem(of name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name[...] }
        return name[..<dot]
    }

    /// `taken`'s seconds since 1 March of year 0 (by the proleptic Gregorian calendar, with no time zone): what two
    /// times' difference needs.
    package static func seconds(of taken: TakenTime) -> Int64 {
        let digits = taken.value
        let (second, minute, hour) = (digits % 100, digits / 100 % 100, digits / 10_000 % 100)
        var (day, month, year) = (digits / 1_000_000 % 100, digits / 100_000_000 % 100, digits / 10_000_000_000)
        // Days from the civil date (Howard Hinnant's algorithm, with March the first month).
        if month <= 2 { year -= 1 }
        month = month > 2 ? month - 3 : month + 9
        let era = year / 400
        let yearOfEra = year - era * 400
        day = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + (153 * month + 2) / 5 + day - 1
        return ((day * 24 + hour) * 60 + minute) * 60 + second
    }
}

extension PhotoCard {
    /// The card of a stack of `photos` (a folder's neighbours, in its order; a stack among them stands for its
    /// photos): its cover's (the first that is not a RAW, else the first), holding them all (`stack`).
    public init(stacking photos: [PhotoCard]) {
        let photos = photos.flatMap { $0.isStack ? $0.stack.map { $0.withStackPlace(nil) } : [$0.withStackPlace(nil)] }
        let cover = photos.firstIndex { $0.format != .raw && !$0.isBroken } ?? 0
        self = photos[cover]
        stack = photos.count > 1 ? photos : []
    }

    /// The card with `place`.
    func withStackPlace(_ place: StackPlace?) -> PhotoCard {
        guard stackPlace != place else { return self }
        var card = self
        card.stackPlace = place
        return card
    }

    /// How many photos the card stands for: a stack's count, else 1.
    public var photoCount: Int { isStack ? stack.count : 1 }

    /// The photos the card stands for, each its card: a stack's, else its own.
    public var photos: [PhotoCard] { isStack ? stack : [self] }

    /// The stack's photos as an open stack shows them, each with its place; the card alone for a card of one photo.
    public var openStackCards: [PhotoCard] {
        guard isStack else { return [self] }
        let count = stack.count
        return stack.enumerated().map { $1.withStackPlace(StackPlace(index: $0, count: count)) }
    }
}
