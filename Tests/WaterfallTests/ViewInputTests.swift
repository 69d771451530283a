import SeededRandom
import Testing

@testable import Waterfall

/// `ViewInput`: each case calls its method, and a seeded storm of inputs keeps every invariant after every input
/// and, applied again to a fresh view over the same data, passes through exactly the same states.
@Suite struct ViewInputTests {
    @Test func eachInputCallsItsMethod() throws {
        let harness = try Grid.harness(viewportHeight: 100)
        let view = harness.view
        view.isSmoothScrollingEnabled = false
        try view.apply(.wheel(notches: 2, time: 0))
        #expect(view.contentOffset == 128)
        try view.apply(.key(.home, modifiers: []))
        #expect(view.contentOffset == 0)
        try view.apply(.pointerDown(Point(x: 50, y: 50), modifiers: []))
        #expect(view.highlightedItem == ItemPath(item: 0, section: 0))
        try view.apply(.pointerMoved(Point(x: 51, y: 50)))
        try view.apply(.pointerUp(Point(x: 51, y: 50)))
        #expect(view.selectedItems == [ItemPath(item: 0, section: 0)])
        try view.apply(.key(.tab, modifiers: []))
        #expect(view.selectedItems == [ItemPath(item: 1, section: 0)])
        try view.apply(.resize(Size(width: 340, height: 150)))
        #expect(view.viewportSize == Size(width: 340, height: 150))

        view.isSmoothScrollingEnabled = true
        try view.apply(.wheel(notches: 1, time: 10))
        #expect(view.scrollAnimation == ScrollAnimation(from: 0, to: 64, startTime: 10, duration: 0.1))
        try view.apply(.animationFrame(time: 10.2))
        #expect((view.contentOffset, view.isAnimatingScroll) == (64, false))

        try view.apply(.preciseScroll(notches: 0.25, time: 10.3))  // at once, 16 px, no glide
        #expect((view.contentOffset, view.isAnimatingScroll) == (80, false))

        view.allowsPullToRefresh = true
        try view.apply(.key(.home, modifiers: []))
        try view.apply(.wheel(notches: -1, time: 11))
        #expect(view.pullDistance == 32)
        try view.apply(.releasePull)
        #expect(view.pullDistance == 0)
        try view.apply(.preciseScroll(notches: -0.5, time: 12))
        #expect(view.pullDistance == 16)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aSeededStormKeepsTheInvariantsAndReplaysToTheSameStates(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var time = 100.0
        let inputs = (0..<4000).map { _ in Self.randomInput(&random, time: &time) }
        let first = try StormHarness()
        var states: [StormState] = []
        for (step, input) in inputs.enumerated() {
            try first.view.apply(input)
            let problems = first.view.invariantViolations()
            guard problems.isEmpty else {
                Issue.record("after input \(step) (\(input)): \(problems)")
                return
            }
            states.append(StormState(first.view))
        }
        // The storm reached every kind of state it is meant to.
        #expect(Set(states.map(\.columns)) == [2, 4])
        #expect(states.contains { $0.pull > 0 })
        #expect(states.contains { $0.selected.count > 1 })
        #expect(states.contains { $0.offset > 0 })
        #expect(states.contains { $0.preciseScrollRemainder != 0 })
        #expect(first.refreshes > 0)

        let second = try StormHarness()
        for (step, input) in inputs.enumerated() {
            try second.view.apply(input)
            guard StormState(second.view) == states[step] else {
                Issue.record(
                    "the replay differs after input \(step) (\(input)): \(StormState(second.view)) != \(states[step])")
                return
            }
        }
    }

    /// A random input: mostly wheel notches and touchpad scrolls, frames, clicks and drags (some on the scroll bar) and keys, with resizes
    /// across the portrait/landscape threshold; times advance by up to 40 ms per input.
    static func randomInput(_ random: inout SplitMix64, time: inout Double) -> ViewInput {
        time += random.whole(in: 0...40) / 1000
        let point = Point(x: random.whole(in: -10...520), y: random.whole(in: -10...420))
        let modifiers = ModifierKeys(rawValue: UInt8(random.int(in: 0...3)))
        switch random.int(in: 0...99) {
        case 0..<3: return .resize(Size(width: random.whole(in: 120...520), height: random.whole(in: 80...420)))
        case 3..<20: return .wheel(notches: [-3, -2, -1, -1, 1, 1, 2, 3][random.int(in: 0...7)], time: time)
        case 20..<25: return .preciseScroll(notches: random.whole(in: -150...150) / 61, time: time)
        case 25..<45: return .animationFrame(time: time)
        case 45..<48: return .releasePull
        case 48..<58: return .pointerDown(point, modifiers: modifiers)
        case 58..<68: return .pointerMoved(point)
        case 68..<78: return .pointerUp(point)
        case 78..<84: return .command(CollectionViewCommand.allCases[random.int(in: 0...2)])
        default:
            let keys = NavigationKey.allCases
            return .key(keys[random.int(in: 0...(keys.count - 1))], modifiers: modifiers)
        }
    }
}

/// Three sections with headers, footers and a banner, 2 columns in portrait and 4 in landscape, a 12 px scroll bar,
/// smooth scrolling, pull to refresh and multiple selection.
private final class StormHarness: CollectionViewDelegate {
    let sections: SectionHarness
    var view: CollectionView { sections.view }
    var refreshes = 0

    init() throws {
        var random = SplitMix64(seed: 99)
        let data = SectionsSource((0..<3).map { _ in (0..<40).map { _ in random.whole(in: 20...160) } })
        data.banners = [ItemPath(item: 7, section: 1)]
        data.headers = [0: 30, 1: 30, 2: 30]
        data.footers = [2: 40]
        sections = try SectionHarness(data, viewport: Size(width: 400, height: 300), overscan: 32)
        view.delegate = self
        view.columnPolicy = ColumnPolicy(portraitColumns: 2, landscapeColumns: 4)
        view.selectionMode = .multiple
        view.allowsPullToRefresh = true
        try view.setScrollBarWidth(12)
        try view.setViewportSize(Size(width: 300, height: 400))
    }

    func collectionViewWillRefresh(_ collectionView: CollectionView) { refreshes += 1 }
}

/// What the storm compares after each input.
private struct StormState: Equatable, CustomStringConvertible {
    var offset, pull, preciseScrollRemainder: Double
    var viewport: Size
    var columns: Int
    var selected: [ItemPath]
    var focused, anchor, pressed: ItemPath?
    var animation: ScrollAnimation?
    var visible: [ItemPath]

    init(_ view: CollectionView) {
        offset = view.contentOffset
        pull = view.pullDistance
        preciseScrollRemainder = view.preciseScrollRemainder
        viewport = view.viewportSize
        columns = view.layout.columnCount
        selected = view.selectedItems.sorted()
        focused = view.focusedItem
        anchor = view.selectionAnchor
        pressed = view.highlightedItem
        animation = view.scrollAnimation
        visible = view.visibleCells.keys.sorted()
    }

    var description: String {
        "offset \(offset), pull \(pull), \(columns) columns, selected \(selected), focused \(focused.map(\.description) ?? "none")"
    }
}
