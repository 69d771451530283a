/// What a key of the wall or the lightbox does: one of the wall's own actions, or a program's (`program`), which the
/// wall hands to `PhotoWall.onAction`.
///
/// Each action has a name, as config.toml, the docs and the event log spell it ("rate-4", "grid-zoom-in"):
/// `WallAction(name:)` reads one and `name` writes it.
public enum WallAction: Hashable, Sendable {
    // MARK: In the wall and the lightbox
    /// Copy the selected photos as files.
    case copy
    /// Start or stop the slideshow.
    case slideshow
    /// Move the selected photos (the lightbox's photo) to the Trash.
    case trash
    /// Turn the selected photos a quarter clockwise (`1`) or anticlockwise (`-1`), saved to the files.
    case rotate(quarterTurns: Int)
    /// Rate the selected photos 1 to 5 stars, or clear their rating (0).
    case rate(Int)
    /// Reject the selected photos, or take the reject back.
    case reject
    /// Undo the last file action.
    case undo

    // MARK: On the wall
    /// Open the name filter's entry.
    case filter
    /// Open the keyword entry, to add a keyword to the photos acted on.
    case keyword
    /// Show the groups of near-duplicates (`PhotoGrouping.similar`), or the folders again.
    case toggleSimilar
    /// Compare the selected photos (two to four) side by side (`CompareView`).
    case compare
    /// Open the focused card's stack (a RAW and its JPEG, a burst: `PhotoStacking`), or close the open stack it is in.
    case toggleStack
    /// Make pane 1 to 4 of the compare view the active one.
    case comparePane(Int)
    /// Show only photos of at least one star more, then all again.
    case cycleMinimumRating
    /// Hide or show the rejected photos.
    case toggleRejected
    /// Move the focus (and with Shift, the selection) as the view's key does.
    case focus(FocusMove)
    /// Scroll a page up.
    case pageUp
    /// Scroll a page down.
    case pageDown
    /// Scroll to the top.
    case home
    /// Scroll to the end.
    case end
    /// Open the focused photo in the lightbox.
    case open
    /// Select or deselect the focused photo.
    case toggleSelection
    /// Select every photo.
    case selectAll
    /// Deselect every photo (and stop a running file action).
    case deselect
    /// Walk the folders again.
    case refresh
    /// Larger cards (`1`: a column fewer) or smaller (`-1`: a column more).
    case gridZoom(steps: Int)

    // MARK: In the lightbox
    /// Back to the wall.
    case close
    /// Play a video in the desktop's player; on a picture, back to the wall.
    case play
    /// The previous photo.
    case previous
    /// The next photo.
    case next
    /// Pan while zoomed in; left and right step to the neighbours while fitted.
    case pan(Lightbox.PanDirection)
    /// Zoom in (`1`) or out (`-1`) a step.
    case zoom(steps: Int)
    /// Fit the photo to the window.
    case zoomToFit
    /// Show the photo pixel for pixel, or fitted again.
    case zoomToActualSize
    /// Show or hide the photo's information.
    case info
    /// Pause or play an animation.
    case toggleAnimation
    /// Pause an animation and show its next (`1`) or previous (`-1`) frame.
    case stepAnimation(frames: Int)

    /// A program's own action, by its name ("quit", "fullscreen"): the wall hands it to `PhotoWall.onAction`.
    case program(String)

    /// Where a focus move goes.
    public enum FocusMove: String, Hashable, Sendable, CaseIterable {
        /// The card above.
        case up
        /// The card below.
        case down
        /// The card on the left.
        case left
        /// The card on the right.
        case right
        /// The next card in order.
        case next
        /// The previous card in order.
        case previous
    }

    /// The action named `name` ("rate-4", "focus-up"): a wall's or lightbox's action, else a program's.
    public init(name: String) {
        if let action = Self.byName[name] {
            self = action
        } else {
            self = .program(name)
        }
    }

    /// The action's name, as config.toml and the event log spell it.
    public var name: String {
        switch self {
        case .copy: "copy"
        case .slideshow: "slideshow"
        case .trash: "trash"
        case .rotate(let quarterTurns): quarterTurns < 0 ? "rotate-anticlockwise" : "rotate-clockwise"
        case .rate(let stars): "rate-\(stars)"
        case .reject: "reject"
        case .undo: "undo"
        case .filter: "filter"
        case .keyword: "keyword"
        case .toggleSimilar: "group-similar"
        case .compare: "compare"
        case .toggleStack: "toggle-stack"
        case .comparePane(let pane): "compare-pane-\(pane)"
        case .cycleMinimumRating: "cycle-min-rating"
        case .toggleRejected: "toggle-rejected"
        case .focus(let move): "focus-\(move.rawValue)"
        case .pageUp: "page-up"
        case .pageDown: "page-down"
        case .home: "home"
        case .end: "end"
        case .open: "open"
        case .toggleSelection: "toggle-selection"
        case .selectAll: "select-all"
        case .deselect: "deselect"
        case .refresh: "refresh"
        case .gridZoom(let steps): steps < 0 ? "grid-zoom-out" : "grid-zoom-in"
        case .close: "close"
        case .play: "play"
        case .previous: "previous"
        case .next: "next"
        case .pan(let direction): "pan-\(direction.name)"
        case .zoom(let steps): steps < 0 ? "zoom-out" : "zoom-in"
        case .zoomToFit: "zoom-fit"
        case .zoomToActualSize: "zoom-actual"
        case .info: "info"
        case .toggleAnimation: "animation-play"
        case .stepAnimation(let frames): frames < 0 ? "frame-previous" : "frame-next"
        case .program(let name): name
        }
    }

    /// Every action of the wall and the lightbox (not a program's), each once.
    public static let all: [WallAction] =
        [.copy, .slideshow, .trash, .rotate(quarterTurns: 1), .rotate(quarterTurns: -1)]
        + (0...5).map { .rate($0) }
        + [
            .reject, .undo, .filter, .keyword, .toggleSimilar, .compare, .toggleStack, .cycleMinimumRating,
            .toggleRejected,
        ]
        + FocusMove.allCases.map { .focus($0) }
        + [.pageUp, .pageDown, .home, .end, .open, .toggleSelection, .selectAll, .deselect, .refresh]
        + [.gridZoom(steps: 1), .gridZoom(steps: -1), .close, .play, .previous, .next]
        + [Lightbox.PanDirection.left, .right, .up, .down].map { .pan($0) }
        + [.zoom(steps: 1), .zoom(steps: -1), .zoomToFit, .zoomToActualSize, .info, .toggleAnimation]
        + [.stepAnimation(frames: 1), .stepAnimation(frames: -1)] + (1...4).map { .comparePane($0) }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}

extension Lightbox.PanDirection {
    /// The direction's word in an action's name: "left", "right", "up", "down".
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        }
    }
}

extension WallAction: CustomStringConvertible {
    /// The action's name.
    public var description: String { name }
}
