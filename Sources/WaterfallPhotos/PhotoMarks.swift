/// A photo's marks as a culler sets them: a star rating and a reject (XMP's `xmp:Rating`, -1 meaning rejected), as
/// darktable, digiKam and Lightroom keep them.
public struct PhotoMarks: Hashable, Sendable {
    /// The stars, held in a byte: marks are two bytes of each of a million photos and cards.
    private var stars: UInt8
    /// Whether the photo is rejected: XMP keeps a reject in place of the stars, so a rejected photo's stars are not
    /// written.
    public var isRejected: Bool

    /// The stars, 0 (none) to 5 (one set outside is clamped).
    public var rating: Int {
        get { Int(stars) }
        set { stars = UInt8(min(max(newValue, 0), 5)) }
    }

    /// Marks of `rating` stars (clamped to 0...5), rejected or not.
    public init(rating: Int = 0, isRejected: Bool = false) {
        stars = UInt8(min(max(rating, 0), 5))
        self.isRejected = isRejected
    }

    /// The value of `xmp:Rating` these marks are written as: -1 when rejected, else the stars.
    public var xmpRating: Int { isRejected ? -1 : rating }

    /// The marks an `xmp:Rating` of `xmpRating` says: a negative value rejects (the XMP specification's -1), 0...5
    /// are the stars, more is read as 5.
    public init(xmpRating: Int) {
        self.init(rating: xmpRating < 0 ? 0 : xmpRating, isRejected: xmpRating < 0)
    }
}
