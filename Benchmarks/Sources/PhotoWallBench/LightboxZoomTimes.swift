import Waterfall
import WaterfallCards
import WaterfallPhotoWall
@_spi(Benchmarking) import WaterfallX11

/// `--lightbox N`, its zoom pass: N zoom steps on the first photo (in to 800 %, then out to fit, and again), each from
/// the key to the frame that shows the step, and on to the frame that draws its picture decoded at the width shown.
/// The step's first frame draws the picture there is scaled (the stand-in), so it is the key's own: `frames` is 1.
struct LightboxZoomTimes {
    /// Each step: its time to its first frame and to its picture's, in milliseconds, and the frames from the key to
    /// the one that shows the step (1: the key's own).
    var steps: [(firstFrameMs: Double, pictureMs: Double, frames: Int)] = []

    /// `{"zoomMs": {"p50", "p99", "max"}, "zoomPictureMs": {...}, "zoomFrames": [...]}`.
    var jsonFields: [(String, JSONValue)] {
        func summary(_ values: [Double]) -> JSONValue {
            let sorted = values.sorted()
            func at(_ quantile: Double) -> JSONValue {
                sorted.isEmpty
                    ? .number(0)
                    : .number(
                        (sorted[min(sorted.count - 1, Int(Double(sorted.count) * quantile))] * 1000).rounded() / 1000)
            }
            return .object([("p50", at(0.5)), ("p99", at(0.99)), ("max", at(1))])
        }
        return [
            ("zoomMs", summary(steps.map(\.firstFrameMs))), ("zoomPictureMs", summary(steps.map(\.pictureMs))),
            ("zoomFrames", .array(steps.map { .int($0.frames) })),
        ]
    }

    /// Times `count` zoom steps of `lightbox`, open in `window` on the wall `wall`.
    static func measure(
        lightbox: Lightbox, wall: PhotoWall, window: WaterfallWindow, count: Int
    ) throws -> LightboxZoomTimes {
        var times = LightboxZoomTimes()
        let clock = ContinuousClock()
        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        var zoomingIn = true
        while times.steps.count < count {
            try window.run { lightbox.isPictureShown && wall.isIdle }
            let level = lightbox.zoomLevel
            let framesBefore = window.framesPresented
            let start = clock.now
            zoomingIn ? lightbox.zoomIn(in: window) : lightbox.zoomOut(in: window)
            guard lightbox.zoomLevel != level else {  // at 800 % or at fit: turn round
                zoomingIn.toggle()
                continue
            }
            try window.run { window.framesPresented > framesBefore }
            let firstFrame = clock.now - start
            let frames = window.framesPresented - framesBefore
            var picture = firstFrame
            if !lightbox.isPictureShown {  // decoding at the width shown: the frame of the turn it arrives in draws it
                let framesThen = window.framesPresented
                try window.run { lightbox.isPictureShown && window.framesPresented > framesThen }
                picture = clock.now - start
            }
            times.steps.append((milliseconds(firstFrame), milliseconds(picture), frames))
        }
        return times
    }
}
