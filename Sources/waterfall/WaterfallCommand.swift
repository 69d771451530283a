import ArgumentParser
import Foundation
import SystemPackage
import WallEventLogging
import Waterfall
import WaterfallCards
import WaterfallIndex
import WaterfallLibrary
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
            told by their bytes (JPEG, PNG, WebP, TIFF, GIF, JPEG XL, HEIC/HEIF, AVIF and camera RAW; an animation's first frame, a RAW's embedded preview) and videos (MP4, MOV, MKV, WebM: a poster frame with a play badge; Enter in the lightbox plays one with xdg-open), not their names; a photo that cannot be shown gets a card that says \
            why. Given one image file, the photo opens in the lightbox among the other photos of its folder; given several \
            files, the wall shows exactly those; given folders, their photos. Videos and camera RAWs are read by a worker \
            process, waterfall-decoder (installed beside waterfall; the WATERFALL_DECODER environment variable names another), \
            so that a file that hangs or crashes its decoder costs only its card, which says why.

            The wheel and the touchpad scroll; a click selects a photo, Ctrl+click and Shift+click select more, Ctrl+A \
            all; arrow keys move the selection; Enter or a double click opens the photo in the lightbox, where Left and \
            Right (or the wheel) go to the previous and next photo, plus, minus and Ctrl+wheel zoom in steps up to 800 % \
            (about the pointer for the wheel), z shows it pixel for pixel and back, w fits it, the arrows (and h, j, l) \
            and a drag pan it while zoomed, s starts and stops a slideshow, i shows and hides the photo's info (date \
            taken, camera and lens, exposure, GPS position, size and path), and Escape goes back to the wall. On the \
            wall, plus, minus and Ctrl+wheel make the cards larger or smaller a column at a time (remembered). f or F11 \
            goes fullscreen and back; Ctrl+C copies the selected photos as files; q quits. Every key can be bound \
            otherwise in the config file (waterfall --print-config lists them by action name).

            Culling: Delete moves the selected photos (in the lightbox, the one shown) to the desktop's Trash (the \
            freedesktop.org Trash, which trash-cli and file managers read); ] and [ (Ctrl+R, Ctrl+Shift+R) turn them 90° in \
            their files (a JPEG's EXIF orientation, never re-encoded; another format's XMP sidecar); 1 to 5 rate them, 0 \
            clears the rating and x rejects them, in their XMP sidecars (NAME.EXT.xmp, xmp:Rating, as darktable and digiKam \
            write them). Each action runs beside the window with its progress in the status bar; Escape stops it, and \
            Ctrl+Z undoes the last one (a trashed photo is put back only where its name is still free). k adds a keyword \
            (places/sea/beach; Tab completes from the library's) to the selected photos, in their sidecars' dc:subject \
            and lr:hierarchicalSubject, as darktable writes them. / filters the wall by a query as you type (names, \
            keyword:beach, rating>=4, date:2023-06, camera:, iso>3200, format:raw, -term for not; see docs/search.md), \
            through the X input method (compose, dead keys, ibus and fcitx); d shows the groups of near-duplicates, best \
            first (--group similar); c compares 2 to 4 selected photos side by side, zoomed and panned together, the \
            culling keys acting on the pane under the pointer (or chosen by a click, Ctrl+1 to Ctrl+4). A RAW and its \
            JPEG, and a burst (one camera, a second apart), are one card with a count, which the culling keys act on \
            as a whole; g opens the stack to act on one of its photos, and closes it again (--no-stacks: none). r \
            cycles the least rating shown (--min-rating), Shift+X hides the rejected (--hide-rejected); --group day, month or year makes \
            the sections periods of the date taken, named in your locale, and --sort taken orders each section by it. \
            Every write is atomic: a crash at any instant leaves each file whole.

            Ctrl+X then a key runs the key handler, $XDG_CONFIG_HOME/waterfall/key-handler (~/.config/waterfall/key-handler), \
            when it is executable, as nsxiv does: its argument is the key's name ("r", "R", "C-r" for Ctrl+R), and the \
            paths of the selected photos (in the lightbox, of the photo shown) come on its standard input, one a line \
            (--key-handler-nul: each ended by a NUL). The window goes on while it runs; its output goes to standard error, \
            and the status bar shows a failure. Escape cancels Ctrl+X.
            """,
        version: version
    )

    @Argument(
        help: ArgumentHelp("Folders and image files (default: XDG_PICTURES_DIR, else ~/Pictures).", valueName: "path"))
    var paths: [String] = []

    @OptionGroup(title: "Photos") var photos: PhotoOptions

    @OptionGroup(title: "Window") var window: WindowOptions

    /// `--print-layout`: the wall's layout as JSON lines, without a window (what `waterfall-demo layout --photos` prints).
    @Flag(
        help: ArgumentHelp(
            "Print every element's frame as JSON lines instead of opening a window; --width and --height are then the cards' area.",
            visibility: .hidden))
    var printLayout = false

    mutating func validate() throws {
        if photos.nulTerminated && !photos.printSelection {
            throw ValidationError("-0 goes with -o (--print-selection)")
        }
        if let cacheMB = photos.cacheMB, !Config.cacheSizes.contains(cacheMB) {
            throw ValidationError("--cache-mb is \(cacheMB); it must be from 1 to 65536")
        }
        if !(0...5).contains(photos.minRating) {
            throw ValidationError("--min-rating is \(photos.minRating); it must be from 0 to 5")
        }
        if let search = photos.search, !search.hasPrefix("@") {
            do throws(PhotoQueryError) { _ = try PhotoQuery(parsing: search) } catch {
                throw ValidationError("--search \"\(search)\": \(error)")
            }
        }
        if let delay = photos.slideshowDelay, !(delay.isFinite && Config.slideshowDelays.contains(delay)) {
            throw ValidationError("--slideshow-delay is \(delay); it must be from 0.1 to 3600 seconds")
        }
        try window.validate(forLayoutOnly: printLayout)
    }

    func run() throws {
        if photos.printConfig { return print(Config().text, terminator: "") }
        // Before the walk's and the pool's threads: a freed picture's memory goes back to the system at once.
        PictureMemory.returnFreedPicturesToTheSystem()
        let environment = ProcessInfo.processInfo.environment
        let directories = XDGDirectories(environment: environment)
        let config = loadConfig(directories: directories)
        let statePath = RememberedState.path(in: directories)
        let remembered = RememberedState.read(from: statePath).flatMap {
            $0.configCardWidth == config.cardWidthOrZero ? $0 : nil
        }
        var configuration = PhotoWall.Configuration(paths: paths)
        configuration.recursive = photos.recursive || config.recursive
        configuration.order = photos.sort ?? config.sort
        configuration.arrangement = photos.arrangement(search: try namedSearch(in: config))
        configuration.cacheBytes = (photos.cacheMB ?? config.cacheMB) << 20
        configuration.slideshowDelay = photos.slideshowDelay ?? config.slideshowDelay
        configuration.look = config.look
        configuration.captionInfo = photos.infoCaptions || config.infoCaptions
        configuration.stacksPhotos = config.stacks && !photos.noStacks
        configuration.metrics = try window.cardMetrics(config: config)
        configuration.warn = { printError($0) }
        configuration.locale = Locale.forDates(environment: environment)
        configuration.decoderExecutable = Self.decoderExecutable(environment: environment)
        configuration.trash = Trash(directories: directories)
        if let step = environment["WATERFALL_PAUSE_AT"], !step.isEmpty {
            configuration.fileActionCheckpoint = CheckpointPause.handler(
                step, until: environment["WATERFALL_PAUSE_UNTIL"])
        }
        if configuration.paths.isEmpty {
            // A library's roots with their subfolders, as a photo library's are (YEAR/MONTH, events).
            configuration.paths = Opening.libraryRoots(config.libraryRoots, directories: directories)
            configuration.recursive = true
        }
        let columnPolicy = window.columnPolicy(config: config, rememberedCardWidth: remembered?.cardWidth)
        if printLayout { return try printLayoutLines(of: configuration, config: config, columnPolicy: columnPolicy) }
        Opening.resolve(&configuration, directories: directories)
        configuration.networkPollInterval = .milliseconds(Int(config.pollSeconds * 1000))
        if !photos.noIndex { configuration.openIndex = { Self.openIndex(in: directories) } }
        if !photos.noThumbnailCache && config.sharedThumbnailCache {
            configuration.sharedThumbnailCache = SharedThumbnailCache(
                root: SharedThumbnailCache.defaultRoot(in: directories),
                application: "waterfall-\(Self.version)"
            ) { reason in
                printError("the shared thumbnail cache is off: \(reason); the photos are decoded instead")
            }
        }
        let keyHandler = KeyHandler.Settings(
            executable: KeyHandler.defaultExecutable(in: directories),
            nulSeparated: photos.keyHandlerNul || config.keyHandlerNulSeparated)
        let session = try WallSession(
            configuration: configuration, window: window, config: config, columnPolicy: columnPolicy,
            keyHandler: keyHandler)
        try session.run()
        remember(session.wall.zoomedCardWidth, startedWith: columnPolicy, config: config, at: statePath)
        guard photos.printSelection else { return }
        // The paths' own bytes, whatever they are, each ended as asked: the log's lines (with --log-events) are all
        // written before.
        let end: UInt8 = photos.nulTerminated ? 0 : UInt8(ascii: "\n")
        FileHandle.standardOutput.write(Data(session.wall.selectedFiles.flatMap { $0.bytes + [end] }))
    }

    /// The library index in the cache folder, said on stderr when it was set aside and made anew; `nil` (said) when it
    /// cannot be used: the wall then walks every photo, as with `--no-index`.
    private static func openIndex(in directories: XDGDirectories) -> LibraryIndex? {
        do {
            let (index, setAside) = try LibraryIndex.open(at: FilePath(directories.cache + "/waterfall/library.sqlite"))
            if let setAside { printError("\(setAside)") }
            return index
        } catch {
            printError("\(error); walking every photo instead")
            return nil
        }
    }

    /// The decoder worker that reads videos and RAWs apart from the wall: `WATERFALL_DECODER` when it names one (for
    /// tests, and for a sandboxing wrapper), else the `waterfall-decoder` installed beside this program, else `nil`
    /// (the one on `PATH`).
    private static func decoderExecutable(environment: [String: String]) -> String? {
        if let decoder = environment["WATERFALL_DECODER"], !decoder.isEmpty { return decoder }
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes {
            readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1)
        }
        guard count > 0 else { return nil }
        return DecoderProcess.executable(besideProgram: FilePath(bytes: buffer[..<count]).string)
    }

    /// The configuration file's settings over the defaults (`--config`, else the XDG one, when it exists); what is
    /// wrong in it is printed, and the program goes on with the defaults for it.
    private func loadConfig(directories: XDGDirectories) -> Config {
        let path = photos.config ?? ConfigFile.defaultPath(in: directories)
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            // No file is the defaults; a file named on the command line must be there.
            if photos.config != nil {
                printError(
                    "\(path): cannot be read (\((error as NSError).localizedDescription)); the defaults are used")
            }
            return Config()
        }
        let (config, problems) = ConfigFile.read(text, path: path)
        problems.forEach(printError)
        return config
    }

    /// `--search`'s query: its text, or for `@NAME` the query `[searches]` names so.
    /// - Throws: `ExitCode(64)`, with the reason on standard error, for a name the config file does not have.
    private func namedSearch(in config: Config) throws -> String? {
        guard let search = photos.search, search.hasPrefix("@") else { return photos.search }
        let name = String(search.dropFirst())
        if let query = config.searches[name] { return query }
        let known = config.searches.keys.sorted()
        printError(
            "--search \(search): no search named “\(name)” in the config file's [searches] ("
                + (known.isEmpty ? "it has none" : "it has " + known.map { "@" + $0 }.joined(separator: ", ")) + ")")
        throw ExitCode(64)
    }

    /// Remembers the grid zoom when the user zoomed (the card width is not what the wall started with).
    private func remember(_ cardWidth: Double?, startedWith policy: ColumnPolicy, config: Config, at path: String) {
        guard let cardWidth, cardWidth != policy.minimumColumnWidth else { return }
        do {
            try RememberedState(cardWidth: cardWidth, configCardWidth: config.cardWidthOrZero).write(to: path)
        } catch {
            printError("\(error)")
        }
    }

    /// `--print-layout`: the layout of a walk of the paths, as the window lays it out in a cards' area of `--width`
    /// by `--height` (default: the window's, less the scroll bar and the status bar).
    private func printLayoutLines(
        of configuration: PhotoWall.Configuration, config: Config, columnPolicy: ColumnPolicy
    ) throws {
        let area = window.cardsArea
        let layout = window.makeLayout(spacing: config.spacing)
        do {
            let items = try PhotoWall.layOutAfresh(configuration, in: area, layout: layout, columnPolicy: columnPolicy)
            // A line per element, then `{"columns":…,"columnWidth":…,"contentHeight":…,"sections":…,"items":…}`.
            EventLog().writeLines(
                (WallEventLog.elementLines(of: layout, items: items) + [ViewEventLog.summaryLine(of: layout)]).map(
                    \.text))
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
    @Flag(
        help: "Walk into subfolders too; each folder is a section (the config file's wall.recursive = true does too).")
    var recursive = false

    @Option(
        help: ArgumentHelp(
            "Each section's photos by name (naturally: img2 before img10), time (modified), size or taken (EXIF DateTimeOriginal, else modified) (default: name, or the config file's).",
            valueName: "name|time|size|taken"))
    var sort: PhotoOrder?

    @Option(
        help: ArgumentHelp(
            "The sections: a folder each (as walked), a day, month or year of the date taken, named in your locale (\"March 2024\"), newest first, or a group of near-duplicates each (similar: copies, resized, recompressed or lightly cropped ones, the best first; the d key).",
            valueName: "folder|day|month|year|similar"))
    var group: PhotoGrouping = .folder

    @Flag(help: "With --group day, month or year, the oldest period first.")
    var oldestFirst = false

    @Option(
        name: .customLong("min-rating"),
        help: ArgumentHelp(
            "Show only photos of at least this many stars (1 to 5; 0: all). The r key cycles it.", valueName: "n"))
    var minRating = 0

    @Flag(help: "Hide rejected photos (x marks one; Shift+X shows or hides them).")
    var hideRejected = false

    @Option(
        help: ArgumentHelp(
            "Show only the photos a query finds, as the / filter does: words in names, keyword:, rating>=4, rejected, date:2023-06, format:raw, type:video, folder:, and -term for not (see docs/search.md). @NAME opens the config file's [searches] NAME.",
            valueName: "query|@name"))
    var search: String?

    @Flag(
        name: [.customShort("o"), .customLong("print-selection")],
        help: "When the window closes, print the selected photos' paths on standard output, one a line (as nsxiv -o).")
    var printSelection = false

    @Flag(name: .customShort("0"), help: "With -o, end each path with a NUL instead of a newline (for xargs -0).")
    var nulTerminated = false

    @Flag(
        help: "Give the key handler (Ctrl+X) the photos' paths each ended by a NUL instead of a newline (for xargs -0)."
    )
    var keyHandlerNul = false

    @Option(
        name: .customLong("cache-mb"),
        help: ArgumentHelp(
            "The memory the pictures may take, in MB (default: 256, or the config file's).", valueName: "n"))
    var cacheMB: Int?

    @Option(
        help: ArgumentHelp(
            "How long the slideshow (s) shows each photo, in seconds (default: 5, or the config file's).",
            valueName: "seconds"))
    var slideshowDelay: Double?

    @Flag(
        name: .customLong("info-captions"),
        help:
            "Give each card a third caption line with its photo's exposure (\"1/250 s · f/2.8 · ISO 400\"), else its camera, from its EXIF."
    )
    var infoCaptions = false

    @Flag(
        name: .customLong("no-stacks"),
        help:
            "Show a RAW and its JPEG, and a burst's photos, each as a card of its own rather than one stack (the config file's wall.stacks = false does too)."
    )
    var noStacks = false

    @Flag(
        name: .customLong("no-index"),
        help:
            "Neither read nor write the library index ($XDG_CACHE_HOME/waterfall/library.sqlite): walk every photo, as for a one-off look or a read-only home."
    )
    var noIndex = false

    @Flag(
        name: .customLong("no-thumbnail-cache"),
        help: "Neither read nor write the desktop's shared thumbnail cache (~/.cache/thumbnails).")
    var noThumbnailCache = false

    @Option(
        help: ArgumentHelp(
            "The configuration file (default: $XDG_CONFIG_HOME/waterfall/config.toml); --print-config shows every setting.",
            valueName: "file"))
    var config: String?

    @Flag(help: "Print the default configuration, every setting and key binding with what it does, and exit.")
    var printConfig = false
}

extension PhotoOptions {
    /// What the wall shows to begin with: `search` (`--search`'s query, a named one's resolved), `--group`,
    /// `--oldest-first`, `--min-rating` and `--hide-rejected`.
    func arrangement(search: String?) -> PhotoArrangement {
        var arrangement = PhotoArrangement()
        arrangement.nameFilter = search ?? ""
        arrangement.grouping = group
        arrangement.newestPeriodFirst = !oldestFirst
        arrangement.minimumRating = minRating
        arrangement.hidesRejected = hideRejected
        return arrangement
    }
}

extension PhotoOrder: ExpressibleByArgument {}
extension PhotoGrouping: ExpressibleByArgument {}
