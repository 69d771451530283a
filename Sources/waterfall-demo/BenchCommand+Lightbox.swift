import Waterfall
import WaterfallDemoKit
@_spi(Benchmarking) import WaterfallX11

/// `bench --photos DIR --lightbox N`: the lightbox from a key to the frame that draws the next photo's picture at the
/// window's size, N times when it was decoded ahead (the key comes once the pool has made the neighbours) and N times
/// when it was not (two photos on, past the neighbour decoded ahead).
struct LightboxTimes {
    /// Each key's time to its picture's frame, in milliseconds, and how many frames that took: decoded ahead.
    var ahead: [(milliseconds: Double, frames: Int)] = []
    /// The same, two photos on: decoded after the key.
    var cold: [(milliseconds: Double, frames: Int)] = []

    var json: String {
        func list(_ times: [(milliseconds: Double, frames: Int)]) -> [(String, JSONValue)] {
            [("Ms", .array(times.map { .number(($0.milliseconds * 1000).rounded() / 1000) })), ("Frames", .array(times.map { .int($0.frames) }))]
        }
        return JSONValue.object(list(ahead).map { ("ahead" + $0.0, $0.1) } + list(cold).map { ("cold" + $0.0, $0.1) }).text
    }
}

extension BenchCommand {
    /// Opens the lightbox on the first photo and times `steps` keys of each kind (see `LightboxTimes`).
    func measureLightbox(session: DemoSession, steps: Int) throws -> LightboxTimes {
        let (controller, window) = (session.controller, session.window)
        guard let pictures = controller.pictures, controller.items.shownCount > 0 else { return LightboxTimes() }
        controller.openLightbox(at: ItemPath(item: 0, section: 0))
        guard let lightbox = controller.lightbox else { return LightboxTimes() }
        var times = LightboxTimes()
        let clock = ContinuousClock()
        func time(_ step: Int) throws -> (milliseconds: Double, frames: Int) {
            try window.run { lightbox.isPictureShown && pictures.isIdle }  // the photo shown, and its neighbours made
            let framesBefore = window.framesPresented
            let start = clock.now
            lightbox.go(by: step, in: window)
            try window.run { lightbox.isPictureShown && window.framesPresented > framesBefore }
            let elapsed = clock.now - start
            return (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
                    window.framesPresented - framesBefore)
        }
        for _ in 0..<steps where lightbox.index + 1 < controller.items.shownCount { times.ahead.append(try time(1)) }
        for _ in 0..<steps where lightbox.index + 2 < controller.items.shownCount { times.cold.append(try time(2)) }
        return times
    }
}
