import Testing
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall

/// The typed actions and their names, which config.toml, docs/keys.md and the event log spell.
struct WallActionTests {
    @Test func everyActionReadsBackFromItsNameAndNoTwoShareOne() {
        let names = WallAction.all.map(\.name)
        #expect(Set(names).count == names.count)
        for action in WallAction.all {
            #expect(WallAction(name: action.name) == action)
        }
    }

    @Test func namesAreTheOnesConfigFilesUse() {
        #expect(WallAction(name: "rate-4") == .rate(4))
        #expect(WallAction(name: "rotate-anticlockwise") == .rotate(quarterTurns: -1))
        #expect(WallAction(name: "focus-previous") == .focus(.previous))
        #expect(WallAction(name: "grid-zoom-out") == .gridZoom(steps: -1))
        #expect(WallAction(name: "pan-up") == .pan(.up))
        #expect(WallAction(name: "frame-previous") == .stepAnimation(frames: -1))
        #expect(WallAction(name: "cycle-min-rating") == .cycleMinimumRating)
        #expect(WallAction(name: "quit") == .program("quit"))
        #expect(WallAction(name: "rate-6") == .program("rate-6"))
        #expect(WallAction.rate(0).name == "rate-0" && WallAction.zoomToActualSize.name == "zoom-actual")
    }

    @Test func theDefaultBindingsUseEveryWallActionOnce() {
        let keys = PhotoWall.defaultKeyBindings
        let bound = KeyBindings.Mode.allCases.flatMap { keys.entries[$0] ?? [] }.map(\.action)
        #expect(Set(bound) == Set(WallAction.all))
        #expect(bound.count == WallAction.all.count)
    }

    @Test func chordsFindTheirTypedActions() {
        let keys = PhotoWall.defaultKeyBindings
        #expect(keys.action(for: KeyChord("3", []), in: .wall) == .rate(3))
        #expect(keys.action(for: KeyChord("bracketright", []), in: .lightbox) == .rotate(quarterTurns: 1))
        #expect(keys.action(for: KeyChord("Down", [.shift]), in: .wall) == .focus(.down))
        #expect(keys.action(for: KeyChord("plus", []), in: .lightbox) == .zoom(steps: 1))
        #expect(keys.action(for: KeyChord("plus", []), in: .wall) == .gridZoom(steps: 1))
        #expect(keys.action(for: KeyChord("F12", []), in: .wall) == nil)
    }
}
