import Waterfall
import WaterfallLibrary
import WaterfallX11

/// What a `PhotoWall` needs of the window it is shown in: the view's size and scale, pictures held for drawing,
/// timers and wake-ups on the window's thread, an overlay and a text entry over the view, the view's inputs, and the
/// clipboard.
///
/// `WaterfallWindow` conforms (WaterfallWindow+PhotoWallWindow.swift); a test gives the wall a window of its own,
/// with a clock it steps, and so runs the wall without an X server. Every member is used on the window's thread
/// only, but for `waker`, which any thread may call.
public protocol PhotoWallWindow: AnyObject {
    /// The view the window shows: the wall's `collectionView`.
    var collectionView: CollectionView { get }
    /// Device pixels per point.
    var scale: Double { get }
    /// Where the view is drawn in the window, in points: its size is the viewport's.
    var viewportFrame: Rect { get }
    /// The window's title, as the window manager shows it.
    var title: String { get set }
    /// Where the pointer is over the view, in points, while it is over the window.
    var pointerLocation: Point? { get }
    /// The display's ICC profile (`_ICC_PROFILE`), if it has one.
    var displayColorProfile: [UInt8]? { get }

    /// Holds `pixels` (`0xAARRGGBB`, row by row) for drawing, and returns its handle.
    func addImage(pixels: [UInt32], width: Int, height: Int) -> ImageHandle
    /// Frees a picture `addImage` returned.
    func removeImage(_ handle: ImageHandle)
    /// The bytes the pictures held take.
    var imageByteCount: Int { get }

    /// Runs `action` on the window's thread after `seconds` (by the window's clock), unless cancelled first.
    func schedule(after seconds: Double, _ action: @escaping () -> Void) -> TimerToken
    /// Cancels a timer `schedule` returned; cancelling one that ran or was cancelled does nothing.
    func cancel(_ token: TimerToken)
    /// Runs `body` on the window's thread once its next frame is presented.
    func performAfterNextFrame(_ body: @escaping () -> Void)
    /// Wakes the window's loop from any thread: it then calls `onWake` on its own thread, once however many wakes
    /// came.
    var waker: @Sendable () -> Void { get }
    /// Called on the window's thread after `waker` was called.
    var onWake: (() -> Void)? { get set }
    /// Offered every key (an X keysym name and the modifiers held) before the window's own bindings; returns whether
    /// it took the key.
    var keyInterceptor: ((_ name: String, _ modifiers: ModifierKeys) throws -> Bool)? { get set }
    /// Hears the keys the wall does not bind (the program's).
    var onKey: ((_ name: String, _ modifiers: ModifierKeys) throws -> Void)? { get }

    /// Shows `overlay` over the view, filling the viewport and taking its keys, wheel and pointer; `nil` shows the
    /// view again.
    func setOverlay(_ overlay: (any PhotoWallOverlay)?)
    /// Draws the overlay again in the next frame.
    func setNeedsOverlayDisplay()
    /// The one-line text entry along the top of the view, while one is open.
    var textEntry: TextEntryBar? { get set }

    /// Hands `input` to the view as if the user gave it (a key the wall bound to the view's own move, say).
    /// - Throws: `LayoutError` when the view's relayout fails.
    func sendInput(_ input: ViewInput) throws
    /// Takes the CLIPBOARD with `text` (UTF8_STRING) and `formats`, at the time of the user's last input; returns that
    /// time in the server's milliseconds, or `nil` when there was no input yet or the server refused.
    func ownClipboard(_ text: String, formats: [SelectionFormat]) -> UInt32?
    /// Begins a drag of `text` and `formats` (as the clipboard takes them) with `picture` beside the pointer, while
    /// the pointer's button is held; whether it began (see `WaterfallWindow.beginDrag(_:formats:picture:)`).
    func beginDrag(_ text: String, formats: [SelectionFormat], picture: ImageHandle?) -> Bool
    /// Hears drags of files over the window and their drops; `nil` takes none.
    var onDrop: ((DropEvent) -> Void)? { get set }
}

/// What a `PhotoWallWindow` shows over its view while it is set (`setOverlay`): the lightbox.
public protocol PhotoWallOverlay: AnyObject {
    /// Draws the whole overlay into `frame`, the viewport in points.
    func draw(in canvas: Canvas, frame: Rect)
    /// Handles one input on the window's thread.
    func handle(_ input: OverlayInput) throws
}
