/// The geometry of a vertical scroll bar: a track down the right edge of a viewport, and a thumb whose length is
/// the visible fraction of the content and whose position is the scrolled fraction.
///
/// The track has the viewport's full height; its strip is reserved beside the content (the layout is prepared
/// for the viewport's width less the bar's), so the bar never covers a card. The thumb's length and top are whole
/// pixels: the length is `trackHeight × viewportHeight / contentHeight` rounded, at least `minimumThumbLength`
/// (at most the track); the top is `thumbTravel × offset / maxOffset` rounded, where `thumbTravel` is the track's
/// height less the thumb's. When all the content fits there is no thumb.
public struct ScrollBar: Hashable, Sendable {
    /// The width a collection view reserves for its bar unless told otherwise.
    public static let defaultWidth: Double = 12
    /// The shortest thumb unless told otherwise, so that a long content still has something to grab.
    public static let defaultMinimumThumbLength: Double = 24

    /// Where a point on the bar is.
    public enum Part: Hashable, Sendable {
        /// The track above the thumb: a press pages up.
        case trackAbove
        /// The thumb: a press starts a drag.
        case thumb
        /// The track below the thumb: a press pages down.
        case trackBelow
        /// The track of a content that fits: a press does nothing.
        case track
    }

    /// The whole bar, in view coordinates: the strip at the viewport's right edge.
    public let track: Rect
    /// The thumb, in view coordinates, as wide as the track; `nil` when the content fits.
    public let thumb: Rect?
    /// The largest offset of the content the bar scrolls.
    public let maxOffset: Double

    /// The bar of a viewport of `viewportSize` showing `contentHeight` of content scrolled by `offset`.
    /// - Parameters:
    ///   - viewportSize: the size of the viewport the bar stands in, at its right edge.
    ///   - contentHeight: the height of the content the viewport shows.
    ///   - offset: how far the content is scrolled.
    ///   - width: the bar's width; 0 (or less) gives a bar without area.
    ///   - minimumThumbLength: the shortest thumb (never longer than the track).
    public init(
        viewportSize: Size, contentHeight: Double, offset: Double, width: Double,
        minimumThumbLength: Double = ScrollBar.defaultMinimumThumbLength
    ) {
        let width = max(0, min(width, viewportSize.width))
        let height = max(0, viewportSize.height)
        track = Rect(x: viewportSize.width - width, y: 0, width: width, height: height)
        maxOffset = max(0, contentHeight - height)
        guard maxOffset > 0, width > 0, height > 0 else {
            thumb = nil
            return
        }
        let length = min(height, max(minimumThumbLength, (height * height / contentHeight).rounded()))
        let travel = height - length
        let top = travel * min(1, max(0, offset / maxOffset))
        thumb = Rect(x: track.minX, y: top.rounded(), width: width, height: length)
    }

    /// How far the thumb's top can move: the track's height less the thumb's (0 without a thumb).
    public var thumbTravel: Double {
        thumb.map { track.height - $0.height } ?? 0
    }

    /// The part of the bar under `point` (view coordinates), or `nil` when the point is not on the bar.
    public func part(at point: Point) -> Part? {
        guard track.contains(point) else { return nil }
        guard let thumb else { return .track }
        if point.y < thumb.minY { return .trackAbove }
        return point.y < thumb.maxY ? .thumb : .trackBelow
    }

    /// The offset that puts the thumb's top at `thumbTop` (view coordinates): `thumbTop × maxOffset / thumbTravel`,
    /// rounded to a whole pixel (so a drag scrolls by whole pixels) and clamped to `0...maxOffset`.
    /// 0 when the thumb cannot move.
    public func offset(forThumbTop thumbTop: Double) -> Double {
        let travel = thumbTravel
        guard travel > 0, thumbTop.isFinite else { return 0 }
        return min(maxOffset, max(0, (thumbTop * maxOffset / travel).rounded()))
    }
}
