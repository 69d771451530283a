import SystemPackage
import Testing
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// The wall's observer hears typed events, in-process: the facts (cards, files, the chord and its action), in no
/// program's words.
@Suite struct WallObserverTests {
    /// Keeps what the wall reports, in order.
    final class Recorder: PhotoWallObserver {
        var events: [PhotoWallEvent] = []

        func photoWall(_ wall: PhotoWall, didReport event: PhotoWallEvent) { events.append(event) }

        /// The summaries of the file actions that ended.
        var endedFileActions: [FileActionSummary] {
            events.compactMap {
                if case .fileActionEnded(let summary) = $0 { return summary }
                return nil
            }
        }
    }

    @Test func aRatingKeyReportsItsChordAndActionThenTheFilesMarked() throws {
        let harness = try WallHarness()
        try harness.photo("a.png")
        let b = try harness.photo("b.png")
        try harness.open()
        let recorder = Recorder()
        harness.wall.observer = recorder
        let second = ItemPath(item: 1, section: 0)
        harness.wall.collectionView.selectItem(at: second)
        #expect(recorder.events == [.item(.selected, second, index: 1)])

        try harness.window.press("3")
        #expect(recorder.events.dropFirst().first == .key(KeyChord("3"), action: .rate(3)))
        try #require(harness.window.runUntil { !recorder.endedFileActions.isEmpty })
        let ended = try #require(recorder.endedFileActions.first)
        #expect(ended.action == .mark)
        #expect(ended.total == 1)
        #expect(ended.succeeded == [FilePath(b)])
        #expect(ended.failed.isEmpty && !ended.wasCancelled && !ended.isUndo)
        #expect(PhotoSidecar.marks(of: FilePath(b)).rating == 3)
        #expect(harness.wall.items[second].marks.rating == 3)
    }

    @Test func theLightboxReportsItsCardAndFile() throws {
        let harness = try WallHarness()
        let a = try harness.photo("a.png")
        try harness.open()
        let recorder = Recorder()
        harness.wall.observer = recorder
        harness.wall.collectionView.selectItem(at: ItemPath(item: 0, section: 0))
        _ = try harness.wall.perform(.open)
        try harness.window.turn()
        let lightboxEvents = recorder.events.compactMap { event -> LightboxEvent? in
            guard case .lightbox(let lightboxEvent, index: 0, file: FilePath(a)) = event else { return nil }
            return lightboxEvent
        }
        #expect(recorder.events.contains(.item(.activated, ItemPath(item: 0, section: 0), index: 0)))
        #expect(lightboxEvents.first == .opened)

        try harness.window.press("Escape")
        // The last lightbox event (the wall's own, such as the columns laid out ahead, may come after it).
        let last = recorder.events.last { if case .lightbox = $0 { true } else { false } }
        #expect(last == .lightbox(.closed, index: 0, file: FilePath(a)))
    }

    /// `r` (at least one star) arranges the unrated photos away: the selected card is deselected by its index before.
    @Test func aRearrangementReportsTheDeselectedCardByItsIndexBefore() throws {
        let harness = try WallHarness()
        try harness.photo("a.png")
        try harness.photo("b.png")
        try harness.open()
        let recorder = Recorder()
        harness.wall.observer = recorder
        let second = ItemPath(item: 1, section: 0)
        harness.wall.collectionView.selectItem(at: second)
        try harness.window.press("r")
        #expect(harness.wall.items.count == 0)
        #expect(recorder.events.contains(.item(.deselected, second, index: 1)))
        #expect(recorder.events.contains(.arranged(itemCount: 0, sectionCount: 0, sectionTitles: [])))
    }

    @Test func aWallWithoutAnObserverStillWorks() throws {
        let harness = try WallHarness()
        try harness.photo("a.png")
        try harness.open()
        weak var gone: Recorder?
        do {
            let recorder = Recorder()
            harness.wall.observer = recorder  // held weakly: the program keeps its observer
            gone = recorder
        }
        #expect(gone == nil && harness.wall.observer == nil)
        try harness.window.press("3")
        try harness.waitForPictures()
    }
}
