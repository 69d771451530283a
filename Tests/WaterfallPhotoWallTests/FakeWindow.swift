import Foundation
import Synchronization
@_spi(Testing) import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallX11

/// A window for a `PhotoWall` without an X server: a clock the test steps, timers on it, frames drawn into a recording
/// canvas when the test asks, pictures counted instead of uploaded, and wakes that the test takes (`turn()`,
/// `runUntil(_:)`).
///
/// It does what `WaterfallWindow`'s loop does in one turn, in the same order: the wake, the timers that are due, the
/// frame, then what waits for the frame.
final class FakeWindow: PhotoWallWindow {
    let collectionView: CollectionView
    var scale: Double
    private(set) var viewportFrame: Rect
    var title = ""
    var pointerLocation: Point?
    var displayColorProfile: [UInt8]?
    var onWake: (() -> Void)?
    var keyInterceptor: ((_ name: String, _ modifiers: ModifierKeys) throws -> Bool)?
    var onKey: ((_ name: String, _ modifiers: ModifierKeys) throws -> Void)?
    var textEntry: TextEntryBar?

    /// The clock the timers run on, in seconds: only `advance(by:)` moves it.
    private(set) var now = 0.0
    /// The overlay shown over the view, while one is.
    private(set) var overlay: (any PhotoWallOverlay)?
    /// Whether the overlay is to be drawn again.
    private(set) var needsOverlayDisplay = false
    /// The pictures held, by handle id: their sizes in pixels.
    private(set) var images: [Int: (width: Int, height: Int)] = [:]
    /// The inputs the wall sent the view (`sendInput`), in order.
    private(set) var sentInputs: [ViewInput] = []
    /// What the wall put on the clipboard last: the text and the formats' targets.
    private(set) var clipboard: (text: String, targets: [String])?
    /// The frames drawn.
    private(set) var framesPresented = 0
    /// The last frame, as drawing calls.
    private(set) var lastFrame = RecordingCanvas()

    private var nextImageID = 1
    private var nextTimerID: UInt64 = 1
    private var timers: [(token: TimerToken, due: Double, action: () -> Void)] = []
    private var afterFrame: [() -> Void] = []
    private let wakes = WakeBox()

    /// A window of `size` points at `scale` showing `collectionView` (the wall's), laid out for that size at once.
    /// - Throws: `LayoutError` from the first layout.
    init(collectionView: CollectionView, size: Size = Size(width: 800, height: 600), scale: Double = 1) throws {
        self.collectionView = collectionView
        self.scale = scale
        viewportFrame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        try collectionView.setViewportSize(size)
    }

    // MARK: What the wall calls

    var imageByteCount: Int { images.values.reduce(0) { $0 + $1.width * $1.height * 4 } }

    func addImage(pixels: [UInt32], width: Int, height: Int) -> ImageHandle {
        precondition(pixels.count == width * height, "a picture of \(width)×\(height) with \(pixels.count) pixels")
        defer { nextImageID += 1 }
        images[nextImageID] = (width, height)
        return ImageHandle(id: nextImageID, width: width, height: height)
    }

    func removeImage(_ handle: ImageHandle) {
        precondition(images.removeValue(forKey: handle.id) != nil, "picture \(handle.id) freed twice or never held")
    }

    func schedule(after seconds: Double, _ action: @escaping () -> Void) -> TimerToken {
        defer { nextTimerID += 1 }
        let token = TimerToken(id: nextTimerID)
        timers.append((token, now + (seconds.isFinite ? max(0, seconds) : 0), action))
        return token
    }

    func cancel(_ token: TimerToken) {
        timers.removeAll { $0.token == token }
    }

    func performAfterNextFrame(_ body: @escaping () -> Void) {
        afterFrame.append(body)
    }

    var waker: @Sendable () -> Void { { [wakes] in wakes.wake() } }

    func setOverlay(_ overlay: (any PhotoWallOverlay)?) {
        self.overlay = overlay
        needsOverlayDisplay = overlay != nil
    }

    func setNeedsOverlayDisplay() { needsOverlayDisplay = true }

    func sendInput(_ input: ViewInput) throws {
        sentInputs.append(input)
        try collectionView.apply(input)
    }

    func ownClipboard(_ text: String, formats: [SelectionFormat]) -> UInt32? {
        clipboard = (text, formats.map(\.target))
        return UInt32(now * 1000)
    }

    // MARK: What the test calls

    /// The timers waiting, by due time.
    var pendingTimerCount: Int { timers.count }

    /// Presses a key as the window hands it on: to the wall's interceptor, then the program's `onKey`.
    func press(_ name: String, _ modifiers: ModifierKeys = []) throws {
        if try keyInterceptor?(name, modifiers) != true { try onKey?(name, modifiers) }
        try turn(wait: false)
    }

    /// Hands the overlay (the lightbox) an input, as the window does while one is shown.
    func sendToOverlay(_ input: OverlayInput) throws {
        try overlay?.handle(input)
        try turn(wait: false)
    }

    /// Resizes the viewport, as a window manager does.
    func resize(to size: Size) throws {
        viewportFrame.size = size
        try collectionView.apply(.resize(size))
        try turn(wait: false)
    }

    /// Moves the clock by `seconds`, running each timer that falls due in order of due time (each turn's frame after
    /// its timers).
    func advance(by seconds: Double) throws {
        let end = now + seconds
        while let next = timers.map(\.due).min(), next <= end {
            now = max(now, next)
            try turn(wait: false)
        }
        now = end
        try turn(wait: false)
    }

    /// One turn of the loop: the wake's work if a wake came (waiting up to `timeout` seconds for one when `wait`),
    /// the timers due now, the frame, and what waits for it.
    func turn(wait: Bool = false, timeout: Double = 10) throws {
        if wakes.take(waiting: wait ? timeout : 0) { onWake?() }
        let due = timers.filter { $0.due <= now }
        timers.removeAll { $0.due <= now }
        for timer in due { timer.action() }
        present()
    }

    /// Turns the loop, waiting for wakes from the wall's threads, until `condition` holds; fails (returns false)
    /// when no wake came for `timeout` seconds while it did not.
    @discardableResult
    func runUntil(timeout: Double = 30, _ condition: () -> Bool) throws -> Bool {
        try turn(wait: false)
        while !condition() {
            guard wakes.take(waiting: timeout) else { return false }
            onWake?()
            try turn(wait: false)
        }
        return true
    }

    /// Draws a frame of the view (or the overlay) into a recording canvas, then runs what waited for it.
    func present() {
        let canvas = RecordingCanvas()
        if let overlay {
            overlay.draw(in: canvas, frame: viewportFrame)
            needsOverlayDisplay = false
        } else {
            collectionView.draw(in: canvas, at: viewportFrame.origin)
        }
        lastFrame = canvas
        framesPresented += 1
        let waiting = afterFrame
        afterFrame = []
        for body in waiting { body() }
    }
}

/// Wakes from any thread, taken on the window's.
private final class WakeBox: Sendable {
    private let woken = Mutex(false)
    private let condition = NSCondition()

    func wake() {
        condition.lock()
        woken.withLock { $0 = true }
        condition.signal()
        condition.unlock()
    }

    /// Whether a wake came (waiting up to `seconds` for one), clearing it.
    func take(waiting seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !woken.withLock({ $0 }) {
            guard seconds > 0, condition.wait(until: deadline) else { break }
        }
        return woken.withLock { value in
            defer { value = false }
            return value
        }
    }
}
