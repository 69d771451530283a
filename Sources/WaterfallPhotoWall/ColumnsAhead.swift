import Dispatch
import Synchronization
import Waterfall
import WaterfallCards
import WaterfallLibrary

/// Lays out the wall's columns ahead, on a thread of its own, at the column counts a grid zoom goes to next (one
/// fewer and one more), so that a zoom step's frame takes a layout of every card ready made
/// (`CollectionLayoutSource.preparedColumns`) instead of laying out 100,000 cards in its turn.
///
/// Each layout is made from a copy of the sections' aspects, and is given only while the wall's aspects are still
/// those (an `Array`'s `==` is immediate while they share their storage), so a card added, removed or changed since
/// makes the step lay out in its turn, as it would without this. It costs 18 bytes a card for each count ahead.
final class ColumnsAhead: Sendable {
    /// What the wall's layout would do at another column count: the settings every section's columns take.
    struct Request: Sendable {
        /// Each section's cards' aspects.
        var aspects: [[Double]]
        var metrics: CardMetrics
        var width: Double
        var columnCounts: [Int]
        var columnSpacing: Double
        var rowSpacing: Double
        var sideInsets: EdgeInsets
        var placement: ItemPlacement
    }

    /// Layouts made ahead, by column count, each section's once: the layout that takes one owns it.
    // each layout is touched by one thread at a time: made, then handed over
    private struct Made: @unchecked Sendable {
        var aspects: [[Double]] = []
        var layouts: [Int: [WaterfallLayout?]] = [:]
    }

    private struct State {
        var generation = 0
        var isBusy = false
        var made = Made()
        /// The column counts made since `takeFinished()` last said so.
        var finished: [Int]?
    }

    private let queue = DispatchQueue(label: "waterfall.columns-ahead", qos: .utility)
    private let state = Mutex(State())
    private let onFinish: @Sendable () -> Void

    /// Lays out ahead, calling `onFinish` (from its thread) each time layouts are made.
    init(onFinish: @escaping @Sendable () -> Void) {
        self.onFinish = onFinish
    }

    /// Whether layouts are being made.
    var isBusy: Bool { state.withLock { $0.isBusy } }

    /// Drops what was made and makes the layouts `request` asks for, instead of any still being made.
    func start(_ request: Request) {
        let generation = state.withLock { state in
            state.generation += 1
            state.isBusy = true
            state.made = Made()
            return state.generation
        }
        queue.async { [self] in
            var made = Made(aspects: request.aspects)
            for count in request.columnCounts {
                guard isCurrent(generation) else { return }
                made.layouts[count] = request.aspects.map { Self.layout(of: $0, columnCount: count, request) }
            }
            let isCurrent = state.withLock { state in
                guard state.generation == generation else { return false }
                state.made = made
                state.isBusy = false
                state.finished = request.columnCounts
                return true
            }
            if isCurrent { onFinish() }
        }
    }

    /// The column counts laid out since the last call, once each time layouts are made.
    func takeFinished() -> [Int]? {
        state.withLock { state in
            defer { state.finished = nil }
            return state.finished
        }
    }

    /// Drops what was made and stops what is being made.
    func cancel() {
        state.withLock { state in
            state.generation += 1
            state.isBusy = false
            state.made = Made()
        }
    }

    /// The columns made for `section` at `columnCount`, if they were made from `aspects` (the section's now).
    func take(section: Int, columnCount: Int, aspects: [Double]) -> WaterfallLayout? {
        state.withLock { state in
            guard state.made.aspects.indices.contains(section), state.made.aspects[section] == aspects,
                let layout = state.made.layouts[columnCount]?[section]
            else { return nil }
            state.made.layouts[columnCount]?[section] = nil
            return layout
        }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        state.withLock { $0.generation == generation }
    }

    /// One section's columns at `columnCount`, as `CollectionLayout` would lay them out; `nil` when they cannot be.
    private static func layout(of aspects: [Double], columnCount: Int, _ request: Request) -> WaterfallLayout? {
        let layout = WaterfallLayout(
            columnCount: columnCount, columnSpacing: request.columnSpacing, rowSpacing: request.rowSpacing,
            insets: request.sideInsets)
        layout.placement = request.placement
        let metrics = request.metrics
        do {
            try layout.prepare(
                width: request.width, itemCount: aspects.count, spanningItems: [],
                heights: { range, width, heights in
                    PhotoWallItems.writeHeights(
                        of: aspects, range: range, width: width, metrics: metrics, into: heights)
                }, bannerHeight: { _, _ in nil })
            return layout
        } catch {
            return nil
        }
    }
}
