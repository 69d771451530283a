import Waterfall
import WaterfallCards
import WaterfallPhotoWall
@_spi(Benchmarking) import WaterfallX11

/// `--lightbox N`: the lightbox from a key to the frame that draws the next photo's picture at the window's size, N
/// times when it was decoded ahead (the key comes once the pool has made the neighbours) and N times when it was not
/// (two photos on, past the neighbour decoded ahead); then N zoom steps (`LightboxZoomTimes`).
struct LightboxTimes {
    /// Each key's time to its picture's frame, in milliseconds, and how many frames that took: decoded ahead.
    var ahead: [(milliseconds: Double, frames: Int)] = []
    /// The same, two photos on: decoded after the key.
    var cold: [(milliseconds: Double, frames: Int)] = []
    /// The zoom steps, on the photo shown last.
    var zoom = LightboxZoomTimes()

    /// `{"aheadMs": [...], "aheadFrames": [...], "coldMs": [...], "coldFrames": [...]}` and the zoom's fields.
    var json: String {
        func list(_ times: [(milliseconds: Double, frames: Int)]) -> [(String, JSONValue)] {
            [
                ("Ms", .array(times.map { .number(($0.milliseconds * 1000).rounded() / 1000) })),
                ("Frames", .array(times.map { .int($0.frames) })),
            ]
        }
        return JSONValue.object(
            list(ahead).map { ("ahead" + $0.0, $0.1) } + list(cold).map { ("cold" + $0.0, $0.1) } + zoom.jsonFields
        ).text
    }

    /// Opens the lightbox of `wall` on its first photo and times `steps` keys of each kind.
    static func measure(wall: PhotoWall, window: WaterfallWindow, steps: Int) throws -> LightboxTimes {
        guard wall.items.count > 0, let first = wall.items.path(ofIndex: 0) else { return LightboxTimes() }
        wall.openLightbox(at: first)
        guard let lightbox = wall.lightbox else { return LightboxTimes() }
        var times = LightboxTimes()
        let clock = ContinuousClock()
        func time(_ step: Int) throws -> (milliseconds: Double, frames: Int) {
            try window.run { lightbox.isPictureShown && wall.isIdle }  // the photo shown, and its neighbours made
            let framesBefore = window.framesPresented
            let start = clock.now
            lightbox.go(by: step, in: window)
            try window.run { lightbox.isPictureShown && window.framesPresented > framesBefore }
            let elapsed = clock.now - start
            return (
                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
                window.framesPresented - framesBefore
            )
        }
        for _ in 0..<steps where lightbox.index + 1 < wall.items.count { times.ahead.append(try time(1)) }
        for _ in 0..<steps where lightbox.index + 2 < wall.items.count { times.cold.append(try time(2)) }
        times.zoom = try LightboxZoomTimes.measure(lightbox: lightbox, wall: wall, window: window, count: steps)
        return times
    }
}
