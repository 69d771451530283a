import Waterfall
import WaterfallCards
import WaterfallX11

/// What both programs' windows look like beyond their walls: the status bar along the bottom and the icon.
package enum ProgramLook {
    /// The status bar's height, in points.
    package static let statusBarHeight = 20.0
    /// The status bar's background colour.
    package static let statusBarColor = Color(rgb: 0x2B2F36)
    /// The status bar's text colour.
    package static let statusTextColor = Color(rgb: 0xE8EAED)

    /// The status bar, showing `text` in `textColor` on `backgroundColor`.
    package static func makeStatusBar(
        backgroundColor: Color = statusBarColor, textColor: Color = statusTextColor,
        text: @escaping () -> String
    ) -> StatusBar {
        StatusBar(height: statusBarHeight, backgroundColor: backgroundColor, textColor: textColor, text: text)
    }

    /// The app's icon (`AppIcon`) at each of its sizes, for `WaterfallWindow.Configuration.icons`.
    package static var icons: [WindowIcon] {
        AppIcon.sizes.compactMap { WindowIcon(width: $0, height: $0, pixels: AppIcon.pixels(side: $0)) }
    }
}
