import Waterfall
import WaterfallCards

/// The view's geometry as the log reports it (see `ViewEventLog`): `viewport` is the cards' area, `scrollBar` the
/// bar's strip at its right edge, in window coordinates (the view at (0, 0) without a window, as a replay puts it).
extension DemoController {
    /// Where the view's top-left corner is in the window.
    private var viewOrigin: Point { window?.viewportFrame.origin ?? .zero }

    /// The `viewport` field, with its position in the window when `withPosition`.
    func viewportField(of view: CollectionView, withPosition: Bool) -> (String, JSONValue) {
        ViewEventLog.viewportField(of: view, origin: withPosition ? viewOrigin : nil)
    }

    /// The `scrollBar` field.
    func scrollBarField(of view: CollectionView) -> (String, JSONValue) {
        ViewEventLog.scrollBarField(of: view, origin: viewOrigin)
    }
}
