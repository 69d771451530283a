import Waterfall
import WaterfallPhotoWall
@_spi(Benchmarking) import WaterfallX11

/// A photo wall's two passes over the same path: while the thumbnails decode, then from the top again with every
/// picture on it cached.
struct WheelPasses {
    /// The first pass's frames, while the thumbnails decode.
    var frames: [FrameMeasurement]
    /// The second pass's frames.
    var cachedFrames: [FrameMeasurement]
    /// The pictures uploaded during the first pass (decoded while it scrolled).
    var picturesWhileScrolling: Int
    /// The pictures uploaded during the second pass: none when every picture on the path was cached.
    var picturesWhileCached: Int

    /// Scrolls `wall` in `window` by `notches` (one every `interval`, or each once the last one's frame is drawn),
    /// decodes every picture on the path, and scrolls the same path again.
    static func measure(
        wall: PhotoWall, window: WaterfallWindow, notches: Int, interval: Duration?
    ) throws -> WheelPasses {
        let view = wall.collectionView
        var deepest = 0.0
        let uploadsBefore = window.imageUploads.total
        let frames = try window.measureWheelScrolling(notches: notches, interval: interval) {
            deepest = max(deepest, view.contentOffset)
        }
        let whileScrolling = window.imageUploads.total - uploadsBefore
        try warmPictures(of: wall, in: window, through: deepest)
        let cachedBefore = window.imageUploads.total
        let cached = try window.measureWheelScrolling(notches: notches, interval: interval)
        return WheelPasses(
            frames: frames, cachedFrames: cached, picturesWhileScrolling: whileScrolling,
            picturesWhileCached: window.imageUploads.total - cachedBefore)
    }

    /// Decodes every picture of the path the first pass scrolled, down to `deepest`: half a screen at a time, each
    /// until no card in view waits for its picture and the pool has nothing left to make (`PhotoWall.isIdle`). Then
    /// goes back to the top.
    private static func warmPictures(of wall: PhotoWall, in window: WaterfallWindow, through deepest: Double) throws {
        let view = wall.collectionView
        var offset = 0.0
        while offset <= deepest + view.viewportSize.height {
            let before = view.contentOffset
            view.setContentOffset(offset)
            if view.contentOffset != before {  // a frame shows the cards there (none comes when the offset stayed)
                let framesBefore = window.framesPresented
                try window.run { window.framesPresented > framesBefore }
            }
            try window.run { wall.isIdle }
            if view.contentOffset >= view.scroll.maxOffset { break }
            offset += view.viewportSize.height / 2
        }
        view.setContentOffset(0)
        let framesBefore = window.framesPresented
        try window.run { window.framesPresented > framesBefore }
    }
}
