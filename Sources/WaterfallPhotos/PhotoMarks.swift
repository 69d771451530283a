/// A photo's marks as a culler sets them: a star rating and a reject (XMP's xmp:Rating, -1 meaning rejected).
public struct PhotoMarks: Hashable, Sendable {
    /// The stars, 0 (none) to 5.
    public var rating: Int
    /// Whether the photo is rejected.
    public var isRejected: Bool

    /// Marks of `rating` stars (clamped to 0...5), rejected or not.
    public init(rating: Int = 0, isRejected: Bool = false) {
        self.rating = min(5, max(0, rating))
        self.isRejected = isRejected
    }

    /// The marks as xmp:Rating says them: -1 rejected, else the stars.
    public var xmpRating: Int { isRejected ? -1 : rating }

    /// The marks of an xmp:Rating: a negative one rejected, else its stars (clamped to 5).
    public init(xmpRating: Int) {
        self.init(rating: xmpRating < 0 ? 0 : xmpRating, isRejected: xmpRating < 0)
    }
}
