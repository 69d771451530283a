import ProgramSupport
import Waterfall
import WaterfallDemoKit
import WaterfallX11

/// The demo window's parts, in points: the collection view's viewport (the cards' area, and the scroll bar at its
/// right edge) above the programs' status bar (`ProgramLook`).
enum DemoWindowLayout {
    /// The viewport of a window of `size`: all of it above the status bar.
    static func viewport(ofWindow size: Size) -> Size {
        Size(width: size.width, height: max(0, size.height - ProgramLook.statusBarHeight))
    }

    /// The viewport whose cards' area is `cards`: the scroll bar beside it.
    static func viewport(ofCardsArea cards: Size) -> Size {
        Size(width: cards.width + ScrollBar.defaultWidth, height: cards.height)
    }

    /// Refuses `options` whose columns would be too narrow in a window of `size` (see
    /// `LayoutOptions.validateColumnWidth(areaWidth:viewport:)`).
    static func validateColumnWidth(_ options: LayoutOptions, window size: Size) throws {
        let viewport = viewport(ofWindow: size)
        try options.validateColumnWidth(areaWidth: viewport.width - ScrollBar.defaultWidth, viewport: viewport)
    }
}
