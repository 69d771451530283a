import Foundation
import Synchronization
@_spi(Testing) import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall

@testable import WaterfallX11

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
    /// The pictures' pixels (`0xAARRGGBB`, row by row), by handle id.
    private(set) var imagePixels: [Int: [UInt32]] = [:]
    /// The inputs the wall sent the view (`sendInput`), in order.
    private(set) var sentInputs: [ViewInput] = []
    /// What the wall put on the clipboard last: the text and the formats' targets.
    private(set) var clipboard: (text: String, targets: [String])?
    /// The bytes of each format the wall put on the clipboard last, by target.
    private(set) var clipboardFormats: [String: [UInt8]] = [:]
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
        imagePixels[nextImageID] = pixels
        return ImageHandle(id: nextImageID, width: width, height: height)
    }

    func removeImage(_ handle: ImageHandle) {
        precondition(images.removeValue(forKey: handle.id) != nil, "picture \(handle.id) freed twice or never held")
        imagePixels[handle.id] = nil
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
        clipboardFormats = Dictionary(formats.map { ($0.target, $0.bytes) }) { first, _ in first }
        return UInt32(now * 1000)
    }

    /// The drags the wall began: the text, the formats' bytes by target and the picture beside the pointer.
    private(set) var drags: [(text: String, formats: [String: [UInt8]], picture: ImageHandle?)] = []
    /// Whether the next `beginDrag` is refused, as a server that refuses `XdndSelection` would.
    var refusesDrags = false
    /// What the wall hears of drags over the window; the test plays the server's part through it.
    var onDrop: ((DropEvent) -> Void)?

    func beginDrag(_ text: String, formats: [SelectionFormat], picture: ImageHandle?) -> Bool {
        guard !refusesDrags else { return false }
        drags.append((text, Dictionary(formats.map { ($0.target, $0.bytes) }) { first, _ in first }, picture))
        return true
    }

    // MARK: What the test calls

    /// The texts the last frame drew, in order.
    var drawnTexts: [String] {
        lastFrame.commands.compactMap { command in
            if case .text(let text, _, _) = command { return text }
            return nil
        }
    }

    /// The pictures the last frame drew, in order, with where each went (viewport points).
    var drawnImages: [(image: ImageHandle, rect: Rect)] {
        lastFrame.commands.compactMap { command in
            if case .image(let image, let rect, _) = command { return (image, rect) }
            return nil
        }
    }

    /// The colour (`0xRRGGBB`) of the pixel at (`x`, `y`) of a picture held.
    func colour(of image: ImageHandle, x: Int = 0, y: Int = 0) -> UInt32? {
        guard let pixels = imagePixels[image.id], x < image.width, y < image.height else { return nil }
        return pixels[y * image.width + x] & 0xFF_FFFF
    }

    /// The pictures the last frame drew within `rect` (viewport points), and the colour of each one's middle pixel.
    func drawnColours(in rect: Rect) -> [UInt32] {
        drawnImages.filter { rect.intersection($0.rect) != nil }.compactMap {
            colour(of: $0.image, x: $0.image.width / 2, y: $0.image.height / 2)
        }
    }

    /// The timers waiting, by due time.
    var pendingTimerCount: Int { timers.count }

    /// Presses a key as the window hands it on: to the text entry while one is open (which takes every key), else
    /// to the wall's interceptor, then the program's `onKey`.
    func press(_ name: String, _ modifiers: ModifierKeys = []) throws {
        if let entry = textEntry {
            pressInEntry(entry, name, modifiers)
        } else if try keyInterceptor?(name, modifiers) != true {
            try onKey?(name, modifiers)
        }
        try turn(wait: false)
    }

    /// Types `text` into the open text entry a character at a time, as the input method commits each, a turn each.
    func type(_ text: String) throws {
        for character in text {
            guard let entry = textEntry else { return }
            if entry.insert(String(character)) { entry.onChange?(entry.text) }
            try turn(wait: false)
        }
    }

    /// What `WaterfallWindow` does with a key while `entry` is open (see its `handleTextEntryKey`): BackSpace deletes
    /// the character before the caret, Tab takes the completion, Return accepts, Escape clears and cancels; Ctrl+U
    /// clears.
    private func pressInEntry(_ entry: TextEntryBar, _ name: String, _ modifiers: ModifierKeys) {
        var changed = false
        switch (name, modifiers.contains(.control)) {
        case ("u", true): changed = entry.clear()
        case ("BackSpace", false): changed = entry.deleteBackward()
        case ("Tab", false): changed = entry.acceptCompletion()
        case ("Return", false), ("KP_Enter", false):
            textEntry = nil
            entry.onEnd?(.accepted)
            return
        case ("Escape", false):
            if entry.clear() { entry.onChange?(entry.text) }
            textEntry = nil
            entry.onEnd?(.cancelled)
            return
        default: break
        }
        if changed { entry.onChange?(entry.text) }
    }

    /// A click of button 1 at `point` (viewport points) with `modifiers` held: a press and a release there.
    func click(at point: Point, modifiers: ModifierKeys = []) throws {
        pointerLocation = point
        try collectionView.apply(.pointerDown(point, modifiers: modifiers))
        try collectionView.apply(.pointerUp(point))
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

    /// Draws the whole view (or the overlay) again, as after an expose, so that the last frame (`drawnTexts`,
    /// `drawnImages`) is everything the window shows, as a screenshot would be.
    func redrawAll() {
        collectionView.setNeedsDisplay()
        present()
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
