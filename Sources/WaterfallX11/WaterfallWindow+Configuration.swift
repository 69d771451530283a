import Waterfall

extension WaterfallWindow {
    /// How a window is made: its size, scale and font, its names for the window manager, its status bar and icons,
    /// and the server extensions it may use. Only the title and the size have no default:
    ///
    /// ```swift
    /// let window = try WaterfallWindow(display: display, collectionView: view,
    ///                                  configuration: .init(title: "Swatches", size: Size(width: 800, height: 600)))
    /// ```
    ///
    /// A plain description, read once by `WaterfallWindow.init(display:collectionView:configuration:wakeSignal:)`:
    /// one configuration can make several windows. The window's wake signal is not part of it (it is a pipe with an
    /// identity, which two windows must not share), and neither is anything the window changes later (`title` and the
    /// status bar's text are the window's own then).
    public struct Configuration {
        /// WM_NAME and _NET_WM_NAME: the name the window manager shows; the window's `title` starts as this.
        public var title: String
        /// The initial window size in points, the status bar included: the window is `scale` times as many pixels.
        public var size: Size
        /// Where the window's top-left corner opens on the root window, in pixels: a position the program saved, given
        /// to the window manager as the program's (`PPosition`). `nil` (the default) opens it at the top-left corner of
        /// the monitor under the pointer (see `Monitor`), where a window manager that places windows itself may move it.
        public var position: Point?
        /// Pixels per point; `nil` (the default) for the desktop's (`Display.preferredScale`, from `Xft.dpi`).
        /// Everything drawn grows by it, and the collection view lays out in points, so a window at 2 shows what one
        /// of half its pixels shows at 1, doubled. Clamped by `WaterfallWindow.validScale(_:)`.
        public var scale: Double?
        /// The fontconfig pattern of the text's font; `nil` (the default) for `FontPattern.defaultPattern`. A character
        /// it lacks comes from a fallback font that has it.
        public var fontPattern: String?
        /// A bar along the bottom, below the collection view; none by default.
        public var statusBar: StatusBar?
        /// The class part of WM_CLASS (for X resources and the desktop's grouping of windows); `nil` (the default) for
        /// the instance name with its first letter in upper case.
        public var className: String?
        /// The instance part of WM_CLASS; `nil` (the default) for `RESOURCE_NAME` from the environment, else the last
        /// component of the program's path, as ICCCM says.
        public var instanceName: String?
        /// The startup notification launch the window ends once its first frame is on screen (see
        /// `StartupNotification.takeIDFromEnvironment()`), also set as its `_NET_STARTUP_ID`; none by default.
        public var startupID: String?
        /// The window's icon at a few sizes, set before it is mapped (see `WaterfallWindow.setIcons(_:)`); none by
        /// default.
        public var icons: [WindowIcon]
        /// Whether to draw through Xdbe when the server has it (the default); `false` forces the Pixmap path.
        public var useDoubleBufferExtension: Bool
        /// Whether to take the pointer's events through XInput 2 when the server has XI 2.1 or later (the default),
        /// for touchpads' pixel-precise scrolling; `false` keeps to core events (wheels and touchpads then scroll by
        /// whole notches, through buttons 4 and 5).
        public var useXInput2: Bool

        /// A configuration with the given members; every one but the title and the size has a default (see each
        /// member).
        public init(
            title: String, size: Size, position: Point? = nil, scale: Double? = nil, fontPattern: String? = nil,
            statusBar: StatusBar? = nil, className: String? = nil, instanceName: String? = nil,
            startupID: String? = nil, icons: [WindowIcon] = [],
            useDoubleBufferExtension: Bool = true, useXInput2: Bool = true
        ) {
            self.title = title
            self.size = size
            self.position = position
            self.scale = scale
            self.fontPattern = fontPattern
            self.statusBar = statusBar
            self.className = className
            self.instanceName = instanceName
            self.startupID = startupID
            self.icons = icons
            self.useDoubleBufferExtension = useDoubleBufferExtension
            self.useXInput2 = useXInput2
        }
    }
}
