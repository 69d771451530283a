import Waterfall

/// The view's geometry as the log reports it: `viewport` is the cards' area, the part of the window where cards are
/// drawn (no status bar, no scroll bar), so that its width and height are the `layout` subcommand's `--width` and
/// `--height`; `scrollBar` is the bar's strip at its right edge. The view's own size, the one a `resize` input
/// gives it and a replay rebuilds, is both together: `viewport.width + scrollBar.width` by `viewport.height`.
extension DemoController {
    /// Where the view's top-left corner is in the window; (0, 0) without a window (a replay puts the view where
    /// the window puts it).
    private var viewOrigin: Point { window?.viewportFrame.origin ?? .zero }

    /// The `viewport` field: the cards' area, with its `x` and `y` in the window when `withPosition` (the `ready`
    /// and `layout` events), else only its `width` and `height` (`start`, `exit`, `state`).
    func viewportField(of view: CollectionView, withPosition: Bool) -> (String, JSONValue) {
        var fields: [(String, JSONValue)] = []
        if withPosition { fields = [("x", .number(viewOrigin.x)), ("y", .number(viewOrigin.y))] }
        fields += [("width", .number(view.layoutWidth)), ("height", .number(view.viewportSize.height))]
        return ("viewport", .object(fields))
    }

    /// The `scrollBar` field: the bar's track in window coordinates, right of the cards' area and as tall as it
    /// (0 wide when the view keeps no bar).
    func scrollBarField(of view: CollectionView) -> (String, JSONValue) {
        let track = view.scrollBar.track.offsetBy(dx: viewOrigin.x, dy: viewOrigin.y)
        return ("scrollBar", .object([("x", .number(track.minX)), ("y", .number(track.minY)),
                                      ("width", .number(track.width)), ("height", .number(track.height))]))
    }
}
