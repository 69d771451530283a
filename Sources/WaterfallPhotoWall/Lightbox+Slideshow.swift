import SystemPackage
import WaterfallX11

/// The slideshow: `s` starts it, and every `PhotoWall.Configuration.slideshowDelay` seconds the lightbox goes to the
/// next photo, once that photo's picture is decoded (ahead, while the one before shows: no photo shows late). It
/// ends at the last photo; any key pauses it, `s` too. It asks nothing of the desktop, so nothing stays awake after
/// it. Reports `LightboxEvent.slideshow` with `running` and, when it stops, why (`SlideshowStop`).
extension Lightbox {
    /// The running slideshow's timer, and whether it waits for the next photo's picture.
    struct Slideshow {
        var timer: TimerToken?
        var isWaitingForPicture = false
    }

    /// Whether the slideshow runs.
    public var isSlideshowRunning: Bool { slideshow != nil }

    /// Starts the slideshow from the photo shown.
    public func startSlideshow(in window: any PhotoWallWindow) {
        guard slideshow == nil else { return }
        slideshow = Slideshow()
        reportSlideshow(running: true, stop: nil)
        scheduleNextSlide(in: window)
    }

    /// Stops the slideshow, saying why.
    func stopSlideshow(in window: any PhotoWallWindow, reason: SlideshowStop) {
        guard let state = slideshow else { return }
        if let timer = state.timer { window.cancel(timer) }
        slideshow = nil
        reportSlideshow(running: false, stop: reason)
    }

    private func scheduleNextSlide(in window: any PhotoWallWindow) {
        slideshow?.timer = window.schedule(after: wall.configuration.slideshowDelay) { [weak self, weak window] in
            guard let self, let window else { return }
            slideshow?.timer = nil
            advanceSlide(in: window)
        }
    }

    /// Shows the next photo when its picture (or its failure) is there, else waits for it (`picturesArrived`); stops at
    /// the last photo.
    func advanceSlide(in window: any PhotoWallWindow) {
        guard slideshow != nil else { return }
        guard let next = file(at: index + 1) else { return stopSlideshow(in: window, reason: .end) }
        let width = pictureWidth(in: window)(index + 1)
        guard pictures.largeFailure(of: next) != nil || pictures.largePicture(of: next, width: width) != nil else {
            slideshow?.isWaitingForPicture = true
            return
        }
        slideshow?.isWaitingForPicture = false
        go(by: 1, in: window)
        scheduleNextSlide(in: window)
    }

    private func reportSlideshow(running: Bool, stop: SlideshowStop?) {
        guard let file = file(at: index) else { return }
        report(.slideshow(running: running, stop: stop), file: file)
    }
}
