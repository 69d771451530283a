import Testing

@testable import Waterfall

@Suite struct ScrollModelTests {
    /// Whether a change reported a move, and the offset after it.
    struct Step: Equatable, CustomStringConvertible {
        var moved: Bool
        var offset: Double
        var description: String { "(\(moved), \(offset))" }
    }

    typealias Change = (inout ScrollModel) -> Bool

    func model(viewport: Double = 100, content: Double = 450, wheelStep: Double = 40) -> ScrollModel {
        var model = ScrollModel(wheelStep: wheelStep)
        model.setSizes(viewportHeight: viewport, contentHeight: content)
        return model
    }

    /// Applies `changes` in turn to `scroll` and returns each one's step.
    func run(_ scroll: inout ScrollModel, _ changes: [Change]) -> [Step] {
        changes.map { change in
            let moved = change(&scroll)
            return Step(moved: moved, offset: scroll.offset)
        }
    }

    func steps(_ pairs: [(Bool, Double)]) -> [Step] {
        pairs.map { Step(moved: $0.0, offset: $0.1) }
    }

    @Test func clampsAtBothEnds() {
        var scroll = model()
        #expect(scroll.maxOffset == 350)
        let result = run(
            &scroll,
            [
                { $0.scroll(to: -5) }, { $0.scroll(to: 349.5) }, { $0.scroll(to: 351) },
                { $0.scroll(to: 10_000) }, { $0.scroll(to: -1) }, { $0.scroll(to: 0) },
            ])
        #expect(result == steps([(false, 0), (true, 349.5), (true, 350), (false, 350), (true, 0), (false, 0)]))
    }

    @Test func wheelNotches() {
        var scroll = model()
        let result = run(
            &scroll,
            [
                { $0.scroll(wheelNotches: 1) }, { $0.scroll(wheelNotches: 3) }, { $0.scroll(wheelNotches: -1) },
                { $0.scroll(wheelNotches: 6) }, { $0.scroll(wheelNotches: 1) }, { $0.scroll(wheelNotches: -9) },
                { $0.scroll(wheelNotches: -1) }, { $0.scroll(wheelNotches: 0) },
            ])
        #expect(
            result
                == steps([
                    (true, 40), (true, 160), (true, 120), (true, 350), (false, 350), (true, 0), (false, 0), (false, 0),
                ]))
    }

    @Test func aDifferentWheelStep() {
        var scroll = model(wheelStep: 12.5)
        let result = run(&scroll, [{ $0.scroll(wheelNotches: 1) }, { $0.scroll(wheelNotches: 2) }])
        #expect(result == steps([(true, 12.5), (true, 37.5)]))
    }

    @Test func pages() {
        var scroll = model()
        let result = run(
            &scroll,
            [
                { $0.scroll(pages: 1) }, { $0.scroll(pages: 2) }, { $0.scroll(pages: 1) },
                { $0.scroll(pages: -1) }, { $0.scroll(pages: -3) },
            ])
        #expect(result == steps([(true, 100), (true, 300), (true, 350), (true, 250), (true, 0)]))
    }

    @Test func contentShorterThanTheViewportCannotScroll() {
        var scroll = model(viewport: 500, content: 450)
        #expect(scroll.maxOffset == 0)
        let result = run(
            &scroll,
            [
                { $0.scroll(wheelNotches: 3) }, { $0.scroll(pages: 1) }, { $0.scroll(to: 20) },
                { $0.scrollToVisible(minY: 400, maxY: 460) },
            ])
        #expect(result == steps([(false, 0), (false, 0), (false, 0), (false, 0)]))
        #expect(model(viewport: 450, content: 450).maxOffset == 0)
    }

    @Test func resizingClampsTheOffset() {
        var scroll = model()
        scroll.scroll(to: 300)
        scroll.setSizes(viewportHeight: 100, contentHeight: 250)
        #expect(scroll.offset == 150)
        scroll.setSizes(viewportHeight: 300, contentHeight: 250)
        #expect(scroll.offset == 0)
        scroll.setSizes(viewportHeight: -5, contentHeight: -1)
        #expect(scroll.viewportHeight == 0)
        #expect(scroll.contentHeight == 0)
        #expect(scroll.maxOffset == 0)
    }

    @Test func notFiniteOffsetsAreIgnored() {
        var scroll = model()
        let result = run(
            &scroll,
            [
                { $0.scroll(to: 120) }, { $0.scroll(to: .nan) }, { $0.scroll(to: .infinity) },
                { $0.scroll(to: -.infinity) },
            ])
        #expect(result == steps([(true, 120), (false, 120), (false, 120), (false, 120)]))
    }

    @Test func scrollToVisibleMovesTheLeast() {
        var scroll = model()
        scroll.scroll(to: 100)
        let result = run(
            &scroll,
            [
                { $0.scrollToVisible(minY: 120, maxY: 180) },  // inside 100..<200
                { $0.scrollToVisible(minY: 100, maxY: 200) },  // exactly the viewport
                { $0.scrollToVisible(minY: 190, maxY: 230.5) },  // below: its bottom to the viewport's bottom
                { $0.scrollToVisible(minY: 60, maxY: 90) },  // above: its top to the viewport's top
                { $0.scrollToVisible(minY: 200, maxY: 301) },  // taller than the viewport: its top
                { $0.scrollToVisible(minY: 430, maxY: 460) },  // clamped at the end
                { $0.scrollToVisible(minY: -10, maxY: 20) },  // clamped at the start
            ])
        #expect(
            result
                == steps([(false, 100), (false, 100), (true, 130.5), (true, 60), (true, 200), (true, 350), (true, 0)]))
    }
}
