import Waterfall
import WaterfallDemoKit
import WaterfallX11

/// The demo window's parts, in points: the collection view's viewport (the cards' area, and the scroll bar at its
/// right edge) above the demo's status bar.
enum DemoWindowLayout {
    /// The status bar's height.
    static let statusBarHeight = 20.0
    /// The status bar's background colour.
    static let statusBarColor = Color(rgb: 0x2B2F36)
    /// The status bar's text colour.
    static let statusTextColor = Color(rgb: 0xE8EAED)

    /// The status bar the demo's windows show, with `text` in it.
    static func makeStatusBar(text: @escaping () -> String) -> StatusBar {
        StatusBar(height: statusBarHeight, backgroundColor: statusBarColor, textColor: statusTextColor, text: text)
    }

    /// The viewport of a window of `size`: all of it above the status bar.
    static func viewport(ofWindow size: Size) -> Size {
        Size(width: size.width, height: max(0, size.height - statusBarHeight))
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
