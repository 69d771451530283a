import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

extension PhotoWall {
    /// The wall's and the lightbox's own actions, bound to the keys most viewers use: what `keyBindings` starts as.
    /// A program adds its own actions (quit, fullscreen) and hears them through `onAction`.
    public static var defaultKeyBindings: KeyBindings {
        var keys = KeyBindings()
        keys.add(.copy, "Copy the selected photos as files (to paste in a file manager)", in: .global, ["Ctrl+c"])
        keys.add(.slideshow, "Start or stop the slideshow", in: .global, ["s"])
        keys.add(
            .trash, "Move the selected photos (in the lightbox, the one shown) to the Trash", in: .global,
            ["Delete", "KP_Delete"])
        keys.add(
            .rotate(quarterTurns: 1), "Rotate the selected photos 90° clockwise, saved to the files", in: .global,
            ["bracketright", "Ctrl+r"])
        keys.add(
            .rotate(quarterTurns: -1), "Rotate the selected photos 90° anticlockwise, saved to the files", in: .global,
            ["bracketleft", "Ctrl+Shift+r"])
        for stars in 1...5 {
            keys.add(
                .rate(stars),
                "Rate the selected photos \(stars) star\(stars == 1 ? "" : "s") (in their XMP sidecars)", in: .global,
                ["\(stars)"])
        }
        keys.add(.rate(0), "Clear the selected photos' rating", in: .global, ["0"])
        keys.add(.reject, "Reject the selected photos, or take the reject back", in: .global, ["x"])
        keys.add(.undo, "Undo the last trash, rotation, rating, reject or keyword", in: .global, ["Ctrl+z"])
        keys.add(
            .keyword, "Add a keyword to the selected photos (places/sea/beach; Tab completes), in their sidecars",
            in: .global, ["k"])
        keys.add(
            .filter, "Filter the wall by a query: names, rating>=4, date:2023... (type; Escape clears it)", in: .wall,
            ["slash", "KP_Divide"])
        keys.add(
            .toggleSimilar,
            "Show the groups of near-duplicates (copies, resized, recompressed, lightly cropped), best first; again: back",
            in: .wall, ["d"])
        keys.add(
            .compare, "Compare the selected photos (2 to 4) side by side; Escape: back, with those left selected",
            in: .wall, ["c"])
        keys.add(
            .toggleStack, "Open the focused stack (a RAW and its JPEG, a burst) to act on each photo; again: close it",
            in: .wall, ["g"])
        keys.add(.cycleMinimumRating, "Show only photos of at least 1, 2 ... 5 stars, then all again", in: .wall, ["r"])
        keys.add(.toggleRejected, "Hide or show the rejected photos", in: .wall, ["Shift+x"])
        keys.add(
            .focus(.up), "Move to the card above (Shift: select up to it; Ctrl: only move the focus)", in: .wall,
            ["Up", "KP_Up"])
        keys.add(.focus(.down), "Move to the card below", in: .wall, ["Down", "KP_Down"])
        keys.add(.focus(.left), "Move to the card on the left", in: .wall, ["Left", "KP_Left"])
        keys.add(.focus(.right), "Move to the card on the right", in: .wall, ["Right", "KP_Right"])
        keys.add(.focus(.next), "Move to the next card in order", in: .wall, ["Tab"])
        keys.add(.focus(.previous), "Move to the previous card in order", in: .wall, ["Shift+Tab", "ISO_Left_Tab"])
        keys.add(.pageUp, "Scroll up a page", in: .wall, ["Prior", "KP_Prior"])
        keys.add(.pageDown, "Scroll down a page", in: .wall, ["Next", "KP_Next", "space"])
        keys.add(.home, "Move to the first card, at the top (Shift: select up to it)", in: .wall, ["Home", "KP_Home"])
        keys.add(.end, "Move to the last card, at the end (Shift: select up to it)", in: .wall, ["End", "KP_End"])
        keys.add(.open, "Open the focused photo in the lightbox", in: .wall, ["Return", "KP_Enter"])
        keys.add(.toggleSelection, "Select or deselect the focused photo", in: .wall, ["Ctrl+space"])
        keys.add(.selectAll, "Select every photo", in: .wall, ["Ctrl+a"])
        keys.add(.deselect, "Deselect every photo", in: .wall, ["Escape"])
        keys.add(.refresh, "Walk the folders again", in: .wall, ["F5"])
        keys.add(
            .gridZoom(steps: 1), "Larger cards: one column fewer, down to one (Ctrl+wheel at the pointer)", in: .wall,
            ["plus", "equal", "KP_Add", "Ctrl+WheelUp"])
        keys.add(
            .gridZoom(steps: -1), "Smaller cards: one column more, while cards stay 160 points wide", in: .wall,
            ["minus", "KP_Subtract", "Ctrl+WheelDown"])
        keys.add(.close, "Back to the wall", in: .lightbox, ["Escape"])
        keys.add(
            .play, "Play a video in the desktop's player; on a picture, back to the wall", in: .lightbox,
            ["Return", "KP_Enter"])
        keys.add(.previous, "The previous photo", in: .lightbox, ["Prior", "KP_Prior", "BackSpace"])
        keys.add(.next, "The next photo", in: .lightbox, ["Next", "KP_Next", "space"])
        keys.add(
            .pan(.left), "Pan left while zoomed in; else the previous photo", in: .lightbox, ["Left", "KP_Left", "h"])
        keys.add(
            .pan(.right), "Pan right while zoomed in; else the next photo", in: .lightbox, ["Right", "KP_Right", "l"])
        keys.add(.pan(.up), "Pan up while zoomed in", in: .lightbox, ["Up", "KP_Up"])
        keys.add(.pan(.down), "Pan down while zoomed in", in: .lightbox, ["Down", "KP_Down", "j"])
        keys.add(
            .zoom(steps: 1), "Zoom in a step, up to 800 % (the wheel: about the pointer)", in: .lightbox,
            ["plus", "equal", "KP_Add", "Ctrl+WheelUp"])
        keys.add(
            .zoom(steps: -1), "Zoom out a step, down to fitted", in: .lightbox,
            ["minus", "KP_Subtract", "Ctrl+WheelDown"])
        keys.add(.zoomToFit, "Fit the photo to the window", in: .lightbox, ["w"])
        keys.add(
            .info, "Show or hide the photo's information: date, camera, exposure, GPS, size and path", in: .lightbox,
            ["i"])
        for pane in 1...4 {
            keys.add(
                .comparePane(pane), "In the compare view, make pane \(pane) the one the culling keys act on",
                in: .lightbox, ["Ctrl+\(pane)"])
        }
        keys.add(.zoomToActualSize, "Show the photo pixel for pixel (1:1), or fitted again", in: .lightbox, ["z"])
        keys.add(.toggleAnimation, "Pause or play an animated GIF or WebP", in: .lightbox, ["Ctrl+space"])
        keys.add(.stepAnimation(frames: 1), "Pause an animation and show its next frame", in: .lightbox, ["Ctrl+n"])
        keys.add(
            .stepAnimation(frames: -1), "Pause an animation and show its previous frame", in: .lightbox, ["Ctrl+p"])
        return keys
    }

    /// The keys that only modify others: pressed alone, they do nothing and are not reported.
    static let modifierKeyNames: Set<String> = [
        "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Meta_L", "Meta_R", "Super_L", "Super_R",
        "Hyper_L", "Hyper_R", "ISO_Level3_Shift", "ISO_Level5_Shift", "Mode_switch", "Caps_Lock", "Num_Lock",
        "Shift_Lock",
    ]

    /// The mode whose bindings apply now: the lightbox's while it is open.
    var keyMode: KeyBindings.Mode { lightbox == nil && compare == nil ? .wall : .lightbox }

    /// Handles a key press (or a Control or Alt wheel notch) by `keyBindings`: does the wall's or the lightbox's
    /// action, or hands a program's action to `onAction`; a key bound to nothing goes to the window's `onKey`.
    /// Reports a `key` event with the chord and its action (none for a key bound to nothing). Any key pauses a running
    /// slideshow (and then does its action). Returns `true` (a modifier alone, false): the wall takes every key (see
    /// `PhotoWallWindow.keyInterceptor`, which `show(in:)` sets to it).
    @discardableResult
    public func handleKey(_ name: String, modifiers: ModifierKeys) throws -> Bool {
        guard !Self.modifierKeyNames.contains(name) else { return false }  // Shift alone is no key of its own
        let chord = KeyChord(name, modifiers)
        let action = keyBindings.action(for: chord, in: keyMode)
        report(.key(chord, action: action))
        if let lightbox, let window, lightbox.slideshow != nil, action != .slideshow {
            lightbox.stopSlideshow(in: window, reason: .key)
        }
        guard let action else {
            try window?.onKey?(name, modifiers)
            return true
        }
        // A wheel zooms at the pointer; a key keeps the focused card in place.
        let pointer = name.hasPrefix("Wheel") ? window?.pointerLocation : nil
        if try !perform(action, modifiers: modifiers, at: pointer) { try onAction?(action) }
        return true
    }

    /// Does the wall's or the lightbox's `action`, with the `modifiers` held (which extend a selection on the wall)
    /// and the pointer at `point` (what a zoom keeps in place); returns `false` for an action that is not the wall's
    /// (a program's, or a lightbox's on the wall and the other way round).
    /// - Throws: `LayoutError` from a refresh's reload or a zoom's relayout.
    public func perform(_ action: WallAction, modifiers: ModifierKeys = [], at point: Point? = nil) throws -> Bool {
        guard let window else { return false }
        if let culled = try performCulling(action) { return culled }
        switch action {
        case .copy: copySelectedFiles()
        case .slideshow:
            if let lightbox {
                lightbox.slideshow == nil
                    ? lightbox.startSlideshow(in: window) : lightbox.stopSlideshow(in: window, reason: .key)
            } else {
                startSlideshow()
            }
        default:
            if let compare { return compare.perform(action, in: window) }
            if let lightbox { return lightbox.perform(action, at: point, in: window) }
            return try performOnWall(action, modifiers: modifiers, at: point, in: window)
        }
        return true
    }

    /// The culling actions, in the wall and the lightbox: `nil` for another action. Escape (`deselect`, `close`)
    /// cancels a file action while one runs.
    private func performCulling(_ action: WallAction) throws -> Bool? {
        if action == .deselect || action == .close, culling.runner.isBusy {
            culling.runner.cancel()
            return true
        }
        if let compare, let window, Self.actsOnPhotos(action) { compare.followPointer(in: window) }
        switch action {
        case .trash: trashTargets()
        case .rotate(let quarterTurns): rotateTargets(by: quarterTurns)
        case .rate(let stars) where (0...5).contains(stars): markTargets { _ in PhotoMarks(rating: stars) }
        case .reject: markTargets { PhotoMarks(rating: 0, isRejected: !$0.isRejected) }
        case .undo: undo()
        case .filter where lightbox == nil && compare == nil: beginFilter()
        case .compare where lightbox == nil && compare == nil: openCompare()
        case .toggleStack where lightbox == nil && compare == nil: toggleStack()
        case .keyword: beginKeywordEntry()
        case .cycleMinimumRating where lightbox == nil && compare == nil:
            arrangement.minimumRating = (arrangement.minimumRating + 1) % 6
        case .toggleRejected where lightbox == nil && compare == nil: arrangement.hidesRejected.toggle()
        case .toggleSimilar where lightbox == nil && compare == nil:
            arrangement.grouping = arrangement.grouping == .similar ? .folder : .similar
        default: return nil
        }
        return true
    }

    /// Whether `action` acts on the photos (a file action or a keyword): in the compare view, on the one under the
    /// pointer.
    private static func actsOnPhotos(_ action: WallAction) -> Bool {
        switch action {
        case .trash, .rotate, .rate, .reject, .keyword: true
        default: false
        }
    }

    /// The wall's own actions: the view's keys and commands, and the grid zoom.
    private func performOnWall(
        _ action: WallAction, modifiers: ModifierKeys, at point: Point?, in window: any PhotoWallWindow
    ) throws -> Bool {
        switch action {
        case .focus(.previous): try window.sendInput(.key(.tab, modifiers: modifiers.union(.shift)))
        case .focus(let move): try window.sendInput(.key(Self.navigationKeys[move]!, modifiers: modifiers))
        case .pageUp: try window.sendInput(.key(.pageUp, modifiers: modifiers))
        case .pageDown: try window.sendInput(.key(.pageDown, modifiers: modifiers))
        case .home: try window.sendInput(.key(.home, modifiers: modifiers))
        case .end: try window.sendInput(.key(.end, modifiers: modifiers))
        case .deselect: try window.sendInput(.key(.cancel, modifiers: modifiers))
        case .toggleSelection: try window.sendInput(.key(.space, modifiers: modifiers.union(.control)))
        case .open: try window.sendInput(.command(.activate))
        case .selectAll: try window.sendInput(.command(.selectAll))
        case .refresh: try window.sendInput(.command(.refresh))
        case .gridZoom(let steps): try zoomGrid(by: steps.signum(), at: point)
        default: return false
        }
        return true
    }

    /// The view's key for each focus move but `previous` (Shift+Tab).
    private static let navigationKeys: [WallAction.FocusMove: NavigationKey] = [
        .up: .up, .down: .down, .left: .left, .right: .right, .next: .tab,
    ]
}
