import ArgumentParser
import Foundation
import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallPhotoWall
import WaterfallPhotos
import WaterfallX11

/// The photo browser: a wall of the photos in folders and files, as a file manager opens it.
@main
struct WaterfallCommand: ParsableCommand {
    /// The program's version: `--version` prints it, and the shared thumbnail cache's failures are kept under it.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "waterfall",
        abstract: "A wall of the photos in folders and files, in an X11 window.",
        discussion: """
        Each photo is a card at its upright aspect (EXIF orientation applied), captioned with its file name and its \
        size, e.g. "4032 × 3024 · 3.1 MB"; each folder is a section (--recursive walks into subfolders). Images are \
        told by their bytes (JPEG, PNG and WebP), not their names; a photo that cannot be shown gets a card that says \
        why. Given one image file, the photo opens in the lightbox among the other photos of its folder; given several \
        files, the wall shows exactly those; given folders, their photos.

        The wheel and the touchpad scroll; a click selects a photo, Ctrl+click and Shift+click select more, Ctrl+A \
        all; arrow keys move the selection; Enter or a double click opens the photo in the lightbox, where Left and \
        Right (or the wheel) go to the previous and next photo, plus, minus and Ctrl+wheel zoom in steps up to 800 % \
        (about the pointer for the wheel), z shows it pixel for pixel and back, w fits it, the arrows and a drag pan \
        it while zoomed, s starts and stops a slideshow, and Escape goes \
        back to the wall. f or F11 goes fullscreen and back; Ctrl+C copies the selected photos as files; q quits.
        """,
        version: version
    )

    @Argument(help: ArgumentHelp("Folders and image files (default: XDG_PICTURES_DIR, else ~/Pictures).", valueName: "path"))
    var paths: [String] = []

    @OptionGroup(title: "Photos") var photos: PhotoOptions

    @OptionGroup(title: "Window") var window: WindowOptions

    /// `--print-layout`: the wall's layout as JSON lines, without a window (what `waterfall-demo layout --photos` prints).
    @Flag(help: ArgumentHelp("Print every element's frame as JSON lines instead of opening a window; --width and --height are then the cards' area.",
                             visibility: .hidden))
    var printLayout = false

    mutating func validate() throws {
        if photos.nulTerminated && !photos.printSelection { throw ValidationError("-0 goes with -o (--print-selection)") }
        guard (1...65_536).contains(photos.cacheMB) else { throw ValidationError("--cache-mb is \(photos.cacheMB); it must be from 1 to 65536") }
        guard photos.slideshowDelay.isFinite, (0.1...3600).contains(photos.slideshowDelay) else {
            throw ValidationError("--slideshow-delay is \(photos.slideshowDelay); it must be from 0.1 to 3600 seconds")
        }
        try window.validate(forLayoutOnly: printLayout)
    }

    func run() throws {
        var configuration = PhotoWall.Configuration(paths: paths)
        configuration.recursive = photos.recursive
        configuration.order = photos.sort
        configuration.cacheBytes = photos.cacheMB << 20
        configuration.slideshowDelay = photos.slideshowDelay
        configuration.metrics = try window.cardMetrics()
        configuration.warn = { printError($0) }
        if printLayout { return try printLayoutLines(of: configuration) }
        Opening.resolve(&configuration, environment: ProcessInfo.processInfo.environment)
        if !photos.noThumbnailCache {
            configuration.sharedThumbnailCache = SharedThumbnailCache(
                root: SharedThumbnailCache.defaultRoot(environment: ProcessInfo.processInfo.environment),
                application: "waterfall-\(Self.version)") { reason in
                    printError("the shared thumbnail cache is off: \(reason); the photos are decoded instead")
                }
        }
        let session = try WallSession(configuration: configuration, window: window)
        try session.run()
        guard photos.printSelection else { return }
        // The paths' own bytes, whatever they are, each ended as asked: the log's lines (with --log-events) are all
        // written before.
        let end: UInt8 = photos.nulTerminated ? 0 : UInt8(ascii: "\n")
        FileHandle.standardOutput.write(Data(session.wall.selectedFiles.flatMap { $0.bytes + [end] }))
    }

    /// `--print-layout`: the layout of a walk of the paths, as the window lays it out in a cards' area of `--width`
    /// by `--height` (default: the window's, less the scroll bar and the status bar).
    private func printLayoutLines(of configuration: PhotoWall.Configuration) throws {
        let area = window.cardsArea
        do {
            EventLog().writeLines(try PhotoWall.layoutLines(of: configuration, in: area, layout: window.makeLayout(),
                                                            columnPolicy: window.columnPolicy))
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
    }
}

/// Prints `waterfall: message` on standard error, in one write, from any thread: through `StandardError`, so that a
/// walk's warning is never taken into the display's capture of a refusal (see `Display.init`).
func printError(_ message: String) {
    StandardError.write("waterfall: \(message)\n")
}

/// What to show and how: the walk, the pictures' memory, the shared thumbnail cache, and what to print at the end.
struct PhotoOptions: ParsableArguments {
    @Flag(help: "Walk into subfolders too; each folder is a section.")
    var recursive = false

    @Option(help: ArgumentHelp("Each folder's photos by name (naturally: img2 before img10), time or size.", valueName: "name|time|size"))
    var sort: PhotoOrder = .name

    @Flag(name: [.customShort("o"), .customLong("print-selection")],
          help: "When the window closes, print the selected photos' paths on standard output, one a line (as nsxiv -o).")
    var printSelection = false

    @Flag(name: .customShort("0"), help: "With -o, end each path with a NUL instead of a newline (for xargs -0).")
    var nulTerminated = false

    @Option(name: .customLong("cache-mb"), help: ArgumentHelp("The memory the pictures may take, in MB.", valueName: "n"))
    var cacheMB: Int = 256

    @Option(help: ArgumentHelp("How long the slideshow (s) shows each photo, in seconds.", valueName: "seconds"))
    var slideshowDelay = 5.0

    @Flag(name: .customLong("no-thumbnail-cache"),
          help: "Neither read nor write the desktop's shared thumbnail cache (~/.cache/thumbnails).")
    var noThumbnailCache = false
}

extension PhotoOrder: ExpressibleByArgument {}
