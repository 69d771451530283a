import ProgramSupport
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// What `config.toml` sets: the look, the wall's cards, the slideshow, the memory, and the keys. Each value starts
/// as the default; the file changes what it names; the command line's options change it again.
struct Config {
    /// The cards' width in points (the grid zoom's); `nil`: the column counts decide.
    var cardWidth: Double?
    var portraitColumns = 3
    var landscapeColumns = 5
    /// The space between the cards and around them, in points.
    var spacing = 12.0
    var sort = PhotoOrder.name
    var recursive = false
    /// Whether a RAW and its JPEG, and a burst, are one card (`PhotoStacking`).
    var stacks = true
    /// A third caption line with each photo's exposure, camera or date.
    var infoCaptions = false
    /// The text's font, a fontconfig pattern; `nil`: the window's default.
    var font: String?
    var look = PhotoWall.Look()
    var statusBarColor = ProgramLook.statusBarColor
    var statusTextColor = ProgramLook.statusTextColor
    var slideshowDelay = 5.0
    var cacheMB = 256
    var sharedThumbnailCache = true
    /// The folders `waterfall` shows when given no path; empty: the XDG pictures folder.
    var libraryRoots: [String] = []
    /// How often the folders on network file systems are polled for their changes, in seconds.
    var pollSeconds = 10.0
    /// Whether the key handler's paths each end with a NUL.
    var keyHandlerNulSeparated = false
    var keys = WallSession.defaultKeyBindings
    /// Named searches (`[searches]`), each a query, opened with `--search @NAME`.
    var searches: [String: String] = [:]

    /// The bounds the file and the options share.
    static let slideshowDelays = 0.1...3600.0
    static let cacheSizes = 1...65_536
    static let cardWidths = PhotoWall.minimumCardWidth...8192
    static let spacings = 0.0...200
    static let pollIntervals = 0.5...3600.0
}
