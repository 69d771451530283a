import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// An animated GIF or WebP plays in the lightbox, each frame for its own delay, looping, as browsers, nsxiv and eog
/// play it: its frames are decoded at the width it fits (`AnimationLoader`, off the window's thread) while its still
/// picture shows, then uploaded and flipped by a timer. Ctrl+space pauses and plays it, Ctrl+n and Ctrl+p step a
/// frame (pausing it), as in nsxiv. Reports `LightboxEvent.animation` (the frames' count and their delays, or why it
/// shows still: `animationFailed`), `frame` (each frame shown) and `playing`.
extension Lightbox {
    /// The animation playing (or paused) in the lightbox: its frames on the server and which one shows.
    struct AnimationPlayback {
        let file: FilePath
        let frames: [ImageHandle]
        let delays: [Double]
        var frame = 0
        var timer: TimerToken?
    }

    /// Asks for the frames of the photo shown, when they are not there (a still photo's request gives none).
    func requestAnimation(in window: any PhotoWallWindow) {
        guard let file = file(at: index), animation?.file != file else { return }
        dropAnimation(in: window)
        wall.animations?.load(AnimationLoader.Request(file: file, width: pictureWidth(in: window)(index)))
    }

    /// Takes the loader's `result`: plays its frames when they are the photo's shown.
    func animationArrived(_ result: AnimationLoader.Result, in window: any PhotoWallWindow) {
        guard result.request.file == file(at: index), animation == nil else { return }
        switch result.outcome {
        case .success(nil):
            return
        case .failure(let error):
            report(.animationFailed(reason: "\(error)"), file: result.request.file)
        case .success(.some(let decoded)):
            let frames = decoded.frames.map { window.addImage(pixels: $0.pixels, width: $0.width, height: $0.height) }
            animation = AnimationPlayback(file: result.request.file, frames: frames, delays: decoded.delays)
            report(.animation(frameCount: frames.count, delays: decoded.delays), file: result.request.file)
            showFrame(0, in: window)
            scheduleNextFrame(in: window)
        }
    }

    /// Whether the animation shown is playing (not paused).
    public var isAnimationPlaying: Bool { animation?.timer != nil }

    /// Plays the animation shown, or pauses it.
    func toggleAnimation(in window: any PhotoWallWindow) {
        guard let playback = animation else { return }
        if let timer = playback.timer {
            window.cancel(timer)
            animation?.timer = nil
        } else {
            scheduleNextFrame(in: window)
        }
        report(.playing(animation?.timer != nil, frame: playback.frame), file: playback.file)
    }

    /// Pauses the animation shown and shows its frame `step` on (back for a negative step), looping.
    func stepAnimation(by step: Int, in window: any PhotoWallWindow) {
        guard let playback = animation else { return }
        if let timer = playback.timer {
            window.cancel(timer)
            animation?.timer = nil
            report(.playing(false, frame: playback.frame), file: playback.file)
        }
        let count = playback.frames.count
        showFrame(((playback.frame + step) % count + count) % count, in: window)
    }

    /// Frees the frames and stops the timer.
    func dropAnimation(in window: any PhotoWallWindow) {
        guard let playback = animation else { return }
        if let timer = playback.timer { window.cancel(timer) }
        for frame in playback.frames { window.removeImage(frame) }
        animation = nil
    }

    /// The frame to draw for `file`, when its animation plays.
    func animationFrame(of file: FilePath) -> ImageHandle? {
        animation.flatMap { $0.file == file ? $0.frames[$0.frame] : nil }
    }

    private func showFrame(_ frame: Int, in window: any PhotoWallWindow) {
        guard let playback = animation else { return }
        animation?.frame = frame
        report(.frame(frame), file: playback.file)
        window.setNeedsOverlayDisplay()
    }

    private func scheduleNextFrame(in window: any PhotoWallWindow) {
        guard let playback = animation else { return }
        animation?.timer = window.schedule(after: playback.delays[playback.frame]) { [weak self, weak window] in
            guard let self, let window, let playback = animation else { return }
            animation?.timer = nil
            showFrame((playback.frame + 1) % playback.frames.count, in: window)
            scheduleNextFrame(in: window)
        }
    }
}
