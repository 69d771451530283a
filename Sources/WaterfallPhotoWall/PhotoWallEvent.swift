import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallPhotos

/// Hears what happens on a `PhotoWall` (`PhotoWall.observer`), on the window's thread, as it happens: the walk's
/// progress, the view's changes, the keys, the lightbox, the file actions. The wall writes no log of its own; a program
/// that keeps one (`waterfall --log-events`) turns each event into its words.
public protocol PhotoWallObserver: AnyObject {
    /// `wall` did or saw `event`; the wall is in the state the event leaves it in (read more of it as needed).
    func photoWall(_ wall: PhotoWall, didReport event: PhotoWallEvent)
}

/// What a `PhotoWall` tells its observer: the facts, typed (counts, card indices in section order, files, the key
/// chord and its action), in no program's words.
public enum PhotoWallEvent: Hashable, Sendable {
    // MARK: The photos
    /// The walk handed on photos, or ended (`isDone`): its counts so far.
    case scanned(ScanCounts, isDone: Bool)
    /// The library read its index, or began or ended the reconcile of what changed since.
    case index(LibraryIndexActivity)
    /// The live folders (or a file action) changed the cards: the `indices` of the cards `kind` names (before the
    /// change for the deleted and replaced, after it for the inserted), and the number of cards after it.
    case updated(UpdateKind, indices: [Int], itemCount: Int)
    /// The wall was arranged again (the filter, the least rating, the rejects, the timeline): the cards and sections
    /// shown, and every section's title.
    case arranged(itemCount: Int, sectionCount: Int, sectionTitles: [String])
    /// The wall was shown in its window, whose pictures are converted to `profile` (`nil`: the display has none, so
    /// sRGB).
    case displayProfile(ColorProfile?)
    /// A card's picture was decoded (or read from the shared cache: `source`) and uploaded: the card's `index`, the
    /// picture's size in pixels, and the seconds its decode took.
    case thumbnail(index: Int, width: Int, height: Int, decodeSeconds: Double, source: ThumbnailDecoder.Source)
    /// A card's photo cannot be shown, and why.
    case thumbnailFailed(index: Int, file: FilePath, reason: String)
    /// A card on screen got its info line (`Configuration.captionInfo`).
    case infoLine(index: Int, line: String)
    /// The columns of the next grid zoom step either way (their counts) were laid out ahead.
    case columnsAhead([Int])

    // MARK: The view
    /// A card was highlighted, selected, activated…: its path in the view and its index in section order.
    case item(ItemChange, ItemPath, index: Int)
    /// A section's header or footer view was made (it came into view, or its text changed), with its text.
    case bar(kind: ElementKind, section: Int, title: String, detail: String)
    /// The view scrolled to `offset`.
    case scrolled(offset: Double)
    /// The view laid out its cards (`wall.collectionView` has the layout), taking the columns of
    /// `sectionsLaidOutAhead` sections laid out ahead. Only while the wall is shown in a window.
    case laidOut(sectionsLaidOutAhead: Int)
    /// The scroll bar's scrubber label at `offset` is section `section`'s `title`: told when it or the offset changed.
    case scrubber(offset: Double, title: String, section: Int)
    /// The view is about to walk the folders again (F5, a released pull), with `itemCount` cards now.
    case willRefresh(itemCount: Int)

    // MARK: The user
    /// A key (or a Control or Alt wheel notch) went through the key bindings: its chord and the action bound to it
    /// (`nil`: none, the key went to the window's `onKey`).
    case key(KeyChord, action: WallAction?)
    /// The selected `files` were copied: the UTF-8 bytes of their text, and the server time the window took the
    /// CLIPBOARD at (`nil`: it did not, with nothing selected or refused).
    case copied(files: [FilePath], textBytes: Int, clipboardTime: UInt32?)
    /// A drag of `files` began from the wall (the card pressed, or the selection it is in).
    case dragStarted(files: [FilePath])
    /// A drag of files came over the window (`acceptable`: it offers a list of files) or left it (`nil`).
    case dropHover(acceptable: Bool?)
    /// Files and folders were dropped on the window: the local `paths` among the URIs, and the roots `added` to the
    /// wall (a path shown already, or not there, is not); `ignored` URIs are not local files.
    case dropped(paths: [FilePath], added: [FilePath], ignored: Int)
    /// The `/` filter's entry opened with `text`.
    case filterBegan(text: String)
    /// The filter's text changed, leaving `itemCount` cards; `error`: why the text cannot be read as a query (the
    /// cards are then the last query's that could).
    case filterChanged(text: String, itemCount: Int, error: PhotoQueryError?)
    /// The filter's entry closed: kept (Return, `accepted`) or cleared (Escape), leaving `itemCount` cards.
    case filterEnded(accepted: Bool, itemCount: Int)
    /// The keyword entry (`k`) changed (or opened, empty) for `photoCount` photos: its `text`, and the keyword Tab would
    /// take (`nil`: none).
    case keywordEntryChanged(text: String, completion: String?, photoCount: Int)
    /// The keyword entry closed: with Return (`accepted`: the keyword, if any, goes to the photos) or Escape.
    case keywordEntryEnded(accepted: Bool)
    /// The compare view shows `files` (opened, or changed): pane `active` is the active one, at `magnification`
    /// times the fitted size.
    case compared(files: [FilePath], active: Int, magnification: Double)
    /// Every pane of the compare view has its picture at the size shown (drawn in the coming frame).
    case compareDrawn(files: [FilePath])
    /// The compare view closed, the `survivors` selected on the wall.
    case compareClosed(survivors: [FilePath])
    /// The stack of `files` (in its order) was opened (`isOpen`: each photo a card) or closed, leaving `itemCount`
    /// cards.
    case stackToggled(files: [FilePath], isOpen: Bool, itemCount: Int)
    /// A running file action reached `done` of its `total` files.
    case fileActionProgress(FileAction, done: Int, total: Int)
    /// A file action ended.
    case fileActionEnded(FileActionSummary)
    /// The lightbox, on card `index`, whose photo is `file`.
    case lightbox(LightboxEvent, index: Int, file: FilePath)

    /// What happened to a card in the view.
    public enum ItemChange: Hashable, Sendable {
        /// The pointer pressed it.
        case highlighted
        /// The press left it, or ended.
        case unhighlighted
        /// It was selected.
        case selected
        /// It was deselected.
        case deselected
        /// Enter or a double click: the lightbox opens on it.
        case activated
    }

    /// How the live folders changed cards.
    public enum UpdateKind: Hashable, Sendable {
        /// Cards went.
        case deleted
        /// Files were written over: their pictures are decoded again.
        case replaced
        /// Cards came.
        case inserted
    }
}

/// What happened in the lightbox (`PhotoWallEvent.lightbox`).
public enum LightboxEvent: Hashable, Sendable {
    /// Enter or a double click opened it.
    case opened
    /// The keys or the wheel went to another photo.
    case shown
    /// The photo shown was turned: its picture is asked for again.
    case turned
    /// The picture of the photo next to the one shown (the event's `index` and `file` its own) was decoded ahead.
    case ahead
    /// The photo's picture at the size shown is there (the next frame draws it): its width in pixels.
    case picture(width: Int)
    /// The photo cannot be shown, and why.
    case failed(reason: String)
    /// The slideshow started, or stopped (`running` false) for `stop`.
    case slideshow(running: Bool, stop: Lightbox.SlideshowStop?)
    /// A zoom step: the new `level`, the `anchor` kept in place (viewport points), the `pan` (the photo's centre from
    /// the viewport's, in points) and the `width` shown in pixels.
    case zoomed(level: LightboxZoom.Level, anchor: Point, pan: Point, width: Int)
    /// The zoomed photo was moved: its `pan`, in points.
    case panned(Point)
    /// `i` showed or hid the info panel.
    case infoToggled(shown: Bool)
    /// The info panel was drawn with the photo's information `info`: its `lines` as drawn and its `frame` in window
    /// points. Told once per photo and lines.
    case infoPanel(lines: [String], frame: Rect, info: PhotoInfo)
    /// The photo's animation is there: its frames' count and their delays in seconds.
    case animation(frameCount: Int, delays: [Double])
    /// The photo's animation cannot be played (it shows still), and why.
    case animationFailed(reason: String)
    /// The animation was played (`true`) or paused, at `frame`.
    case playing(Bool, frame: Int)
    /// The animation shows frame `frame`.
    case frame(Int)
    /// Enter on a video: the wall asked the program to open it (`PhotoWall.onOpenExternally`).
    case play
    /// Escape, or Enter on a picture, went back to the wall.
    case closed
}

/// How a file action ended (`PhotoWallEvent.fileActionEnded`).
public struct FileActionSummary: Hashable, Sendable {
    /// The action.
    public var action: FileAction
    /// The files it was given.
    public var total: Int
    /// The files it changed.
    public var succeeded: [FilePath]
    /// The files it could not change, each with why.
    public var failed: [Failure]
    /// Whether Escape cancelled it.
    public var wasCancelled: Bool
    /// Whether it undid another (Ctrl+Z).
    public var isUndo: Bool

    /// A file an action could not change.
    public struct Failure: Hashable, Sendable {
        /// The file.
        public var file: FilePath
        /// Why, naming the file, as the status bar shows it ("a.jpg: the folder is read-only").
        public var reason: String
    }
}

extension Lightbox {
    /// Why the slideshow stopped.
    public enum SlideshowStop: Hashable, Sendable {
        /// A key paused it.
        case key
        /// It reached the last photo.
        case end
        /// The lightbox closed.
        case close
    }
}
