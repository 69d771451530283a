import Testing

@testable import WaterfallX11

/// What a frame drew, as the boxes its present copies to the window.
struct FrameDamageTests {
    private let card = PixelBox(x: 120, y: 10, width: 100, height: 80)

    @Test func aBoxDrawnAgainOrInsideAnotherIsNotCopiedTwice() {
        var damage = FrameDamage()
        damage.add(card)
        damage.add(card)
        damage.add(PixelBox(x: 130, y: 20, width: 10, height: 10))
        damage.add(PixelBox(x: 0, y: 0, width: 0, height: 5))  // empty
        #expect(damage.boxes == [card])
    }

    @Test func aClipLimitsWhatWasDrawn() {
        var damage = FrameDamage()
        damage.add(PixelBox(x: 0, y: 0, width: 500, height: 500), clippedTo: card)
        damage.add(PixelBox(x: 300, y: 300, width: 5, height: 5), clippedTo: card)  // outside the clip: nothing drawn
        #expect(damage.boxes == [card])
    }

    @Test func beyondEightBoxesTheyBecomeTheOneAroundThemAll() {
        var damage = FrameDamage()
        for index in 0..<9 { damage.add(PixelBox(x: Int32(10 * index), y: Int32(5 * index), width: 4, height: 4)) }
        #expect(damage.boxes == [PixelBox(x: 0, y: 0, width: 84, height: 44)])
    }

    @Test func halfTheWindowOrTextWithoutAClipShowsItWhole() {
        var damage = FrameDamage()
        damage.add(PixelBox(x: 0, y: 0, width: 100, height: 49))
        #expect(!damage.coversMostOf(width: 100, height: 100))
        damage.add(PixelBox(x: 0, y: 49, width: 100, height: 1))
        #expect(damage.coversMostOf(width: 100, height: 100))
        damage.removeAll()
        #expect(damage.boxes.isEmpty && !damage.coversMostOf(width: 100, height: 100))
        damage.addWhole()
        damage.add(card)
        #expect(damage.coversMostOf(width: 100, height: 100) && damage.boxes.isEmpty)
    }
}
