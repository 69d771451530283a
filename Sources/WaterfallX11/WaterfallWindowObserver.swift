import Waterfall

/// Hears what a `WaterfallWindow` shows. Every method has a default that does nothing.
public protocol WaterfallWindowObserver: AnyObject {
    /// The first frame is on screen (the server has handled it).
    func windowDidPresentFirstFrame(_ window: WaterfallWindow)
    /// A frame was presented.
    func windowDidPresentFrame(_ window: WaterfallWindow)
    /// The window is about to hand `input` to its collection view: every resize, wheel turn, pointer press, move
    /// and release, key the view understands, animation frame and pull release, in order, with the times the
    /// view gets. Applied again in the same order to a view with the same data, they end in the same state.
    func window(_ window: WaterfallWindow, willApply input: ViewInput)
    /// The window's cursor changed to `shape`, the one the collection view asks for under the pointer (see
    /// WaterfallWindow+Cursor.swift).
    func window(_ window: WaterfallWindow, didChangeCursorTo shape: CursorShape)
}

extension WaterfallWindowObserver {
    public func windowDidPresentFirstFrame(_ window: WaterfallWindow) {}
    public func windowDidPresentFrame(_ window: WaterfallWindow) {}
    public func window(_ window: WaterfallWindow, willApply input: ViewInput) {}
    public func window(_ window: WaterfallWindow, didChangeCursorTo shape: CursorShape) {}
}
