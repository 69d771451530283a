import Foundation
import Testing
import Waterfall
import WaterfallPhotoWall

/// The grid zoom, in-process: plus and minus (and Ctrl+wheel at the pointer) make the cards larger or smaller a column
/// at a time, from one column to cards 160 points wide, keeping the focused card (or the photo under the pointer)
/// where it was; the next step's columns are laid out ahead and taken. Each photo is a colour of its own, so that
/// what the frames draw where is checked too. (That the zoom is remembered across launches is the program's:
/// GridZoomTests.)
@Suite struct WallGridZoomTests {
    static let count = 30

    /// Photo `index`'s colour as 0xRRGGBB, distinct from the others.
    static func rgb(_ index: Int) -> UInt32 {
        UInt32((index * 53 + 20) % 256) << 16 | UInt32((index * 97 + 40) % 256) << 8 | UInt32((index * 151 + 80) % 256)
    }

    /// 30 photos of 4:3 on a wall of 1000 × 700 points (5 columns of about 182 points), every picture drawn.
    static func wall() throws -> WallHarness {
        let harness = try WallHarness()
        for index in 0..<count {
            try harness.photo(String(format: "p%02d.png", index), width: 40, height: 30, colour: rgb(index))
        }
        try harness.open(size: Size(width: 1000, height: 700))
        try harness.waitForPictures()
        return harness
    }

    /// Turns the loop until every card in view has its picture at its width: the zoom's crisp stand-ins are drawn
    /// smooth again after `PhotoWall.standInPolishDelay` on the window's clock, which the test moves.
    static func settle(_ harness: WallHarness) throws {
        try harness.window.advance(by: 1)
        try harness.waitForPictures()
        #expect(harness.wall.stalePictureCount == 0 && harness.wall.pendingPictureCount == 0)
    }

    /// The colours the window shows (everything drawn again) at `point` of the viewport.
    static func colours(at point: Point, _ harness: WallHarness) -> [UInt32] {
        harness.window.redrawAll()
        return harness.window.drawnColours(in: Rect(x: point.x, y: point.y, width: 1, height: 1))
    }

    @Test func plusAndMinusChangeTheColumnsAColumnAtATimeKeepingTheFocusedCardInPlace() throws {
        let harness = try Self.wall()
        let view = harness.wall.collectionView
        #expect(view.layout.columnCount == 5)
        // Card 12, in the middle of the screen: clicked, it is focused.
        try harness.click(12)
        #expect(try view.focusedItem == harness.path(12) && harness.selectedIndices == [12])
        let before = try harness.frameInView(12)
        #expect(Self.colours(at: Point(x: before.midX, y: before.minY + 10), harness) == [Self.rgb(12)])

        // The next step's columns are laid out ahead (6 columns would be narrower than 160 points), and the step
        // takes them.
        try harness.waitForEvent("columnsAhead") { $0.ints("columns") == [4] }
        var mark = harness.eventCount
        try harness.window.press("equal", .shift)  // "+" on a US keyboard
        #expect(view.layout.columnCount == 4)
        let four = try #require(harness.events("layout", after: mark).last)
        #expect(four.int("columns") == 4 && four.int("ahead") == 1)
        #expect(four.double("columnWidth").map { $0 > 182 } == true)
        // The focused photo, in its new column, has its middle at the same height (to the pixel the offset is
        // rounded to), drawn in its colour.
        var now = try harness.frameInView(12)
        #expect(abs(now.midY - before.midY) <= 1, "\(now) was \(before)")
        try Self.settle(harness)
        #expect(Self.colours(at: Point(x: now.midX, y: now.minY + 10), harness) == [Self.rgb(12)])
        try harness.waitForEvent("columnsAhead", after: mark) { $0.ints("columns") == [3, 5] }
        mark = harness.eventCount
        try harness.window.press("minus")
        #expect(view.layout.columnCount == 5)
        #expect(harness.events("layout", after: mark).last?.int("ahead") == 1)
        now = try harness.frameInView(12)
        #expect(abs(now.midY - before.midY) <= 1, "\(now) was \(before)")
        try Self.settle(harness)
        #expect(Self.colours(at: Point(x: now.midX, y: now.minY + 10), harness) == [Self.rgb(12)])

        // Cards of 160 points at the least: 6 columns would be narrower, so minus changes nothing; then plus (the
        // keypad's, with Ctrl too, and the keysym itself) goes down to one column, and no further.
        mark = harness.eventCount
        #expect(!harness.wall.canZoomGrid(by: -1))
        try harness.window.press("minus")
        var columns: [Int] = [view.layout.columnCount]
        for (key, modifiers) in [("KP_Add", []), ("equal", [.control, .shift]), ("equal", .shift), ("plus", [])]
            as [(String, ModifierKeys)]
        {
            try harness.window.press(key, modifiers)
            columns.append(view.layout.columnCount)
        }
        #expect(columns == [5, 4, 3, 2, 1])
        #expect(!harness.wall.canZoomGrid(by: 1))
        try harness.window.press("equal", .shift)
        try harness.window.press("minus")
        #expect(view.layout.columnCount == 2)
        let layouts = harness.events("layout", after: mark).map { $0.int("columns") ?? -1 }
        #expect(layouts == [4, 3, 2, 1, 2], "\(layouts)")
        let actions = harness.events("key", after: mark).map { $0.string("action") ?? "-" }
        #expect(
            actions == [
                "grid-zoom-out", "grid-zoom-in", "grid-zoom-in", "grid-zoom-in", "grid-zoom-in", "grid-zoom-in",
                "grid-zoom-out",
            ])
        #expect((harness.wall.zoomedCardWidth ?? 0) >= PhotoWall.minimumCardWidth)
        // The focused card stayed at its height through all of it.
        now = try harness.frameInView(12)
        #expect(abs(now.midY - before.midY) <= 1, "\(now) was \(before)")
        #expect(try view.focusedItem == harness.path(12))
    }

    @Test func ctrlWheelZoomsAtThePointerKeepingThePhotoUnderIt() throws {
        let harness = try Self.wall()
        let view = harness.wall.collectionView
        view.setContentOffset(150)
        try harness.window.turn()
        try harness.waitForPictures()
        // The pointer on card 17, 30 % down its height.
        let card = try harness.frameInView(17)
        let pointer = Point(x: card.midX, y: (card.minY + card.height * 0.3).rounded())
        let fraction = (pointer.y - card.minY) / card.height
        harness.window.pointerLocation = pointer
        #expect(Self.colours(at: pointer, harness) == [Self.rgb(17)])

        // Two notches up, the pointer still: each step keeps the point of photo 17 at the pointer's height (to the
        // pixel the offset is rounded to), wherever its column goes, and the window shows it there.
        let inputs = harness.window.sentInputs.count
        for columns in [4, 3] {
            try harness.window.press("WheelUp", .control)
            #expect(view.layout.columnCount == columns)
            let zoomed = try harness.frameInView(17)
            let newFraction = (pointer.y - zoomed.minY) / zoomed.height
            #expect(
                abs(newFraction - fraction) * zoomed.height <= 1, "\(columns) columns: \(fraction) → \(newFraction)")
            try Self.settle(harness)
            #expect(Self.colours(at: Point(x: zoomed.midX, y: pointer.y), harness) == [Self.rgb(17)])
        }
        // No scroll input on the way: a Ctrl+wheel notch zooms only. And Ctrl+wheel down zooms out at the pointer.
        #expect(harness.window.sentInputs.count == inputs)
        try harness.window.press("WheelDown", .control)
        #expect(view.layout.columnCount == 4)
        let back = try harness.frameInView(17)
        #expect(abs((pointer.y - back.minY) / back.height - fraction) * back.height <= 1)
    }
}
