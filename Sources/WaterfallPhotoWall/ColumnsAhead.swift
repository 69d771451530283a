import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// Lays out the wall's columns ahead, on a thread of its own, at the column counts a grid zoom goes to next (one
/// fewer and one more), so that a zoom step's frame takes a layout of every card ready made
/// (`CollectionLayoutSource.preparedColumns`) instead of laying out 100,000 cards in its turn.
///
/// Each layout is made from a copy of the sections' aspects, and is given only while the wall's aspects are still
/// those (an `Array`'s `==` is immediate while they share their storage), so a card added, removed or changed since
/// makes the step lay out in its turn, as it would without this. It costs 18 bytes a card for each count ahead.
final class ColumnsAhead {
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

    /// Layouts made ahead, by column count, each section's once: the layout that takes one owns it. Made on the
    /// worker's thread and handed over whole through its mailbox; the window's thread alone touches them after.
    private struct Made {
        var aspects: [[Double]] = []
        var layouts: [Int: [WaterfallLayout?]] = [:]
    }

    /// A request numbered by `start(_:)`: the worker knows it by its number.
    private struct Numbered: Hashable, Sendable {
        var number: Int
        var request: Request

        static func == (a: Numbered, b: Numbered) -> Bool { a.number == b.number }

        func hash(into hasher: inout Hasher) { hasher.combine(number) }
    }

    private let worker: WishWorker<Numbered, Made?>
    /// The number of the last request started; a layout made for an older one is dropped.
    private var number = 0
    private var isMaking = false
    private var made = Made()
    /// The column counts made since `takeFinished()` last said so.
    private var finished: [Int]?

    /// Lays out ahead, calling `onFinish` (from its thread) each time layouts are made.
    init(loopThread: LoopThreadChecker = LoopThreadChecker(), onFinish: @escaping @Sendable () -> Void) {
        worker = WishWorker(threads: 1, name: "columns ahead", loopThread: loopThread, wake: onFinish) {
            { numbered, cancellation in Self.make(numbered.request, unless: cancellation) }
        }
    }

    /// Whether layouts are being made.
    var isBusy: Bool {
        absorb()
        return isMaking
    }

    /// Drops what was made and makes the layouts `request` asks for, instead of any still being made (which stops
    /// between two column counts).
    func start(_ request: Request) {
        worker.preconditionOnLoopThread()
        number += 1
        isMaking = true
        made = Made()
        worker.want([Numbered(number: number, request: request)])
    }

    /// The column counts laid out since the last call, once each time layouts are made.
    func takeFinished() -> [Int]? {
        absorb()
        defer { finished = nil }
        return finished
    }

    /// Drops what was made and stops what is being made.
    func cancel() {
        worker.preconditionOnLoopThread()
        number += 1
        isMaking = false
        made = Made()
        worker.cancel()
    }

    /// The columns made for `section` at `columnCount`, if they were made from `aspects` (the section's now).
    func take(section: Int, columnCount: Int, aspects: [Double]) -> WaterfallLayout? {
        absorb()
        guard made.aspects.indices.contains(section), made.aspects[section] == aspects,
            let layout = made.layouts[columnCount]?[section]
        else { return nil }
        made.layouts[columnCount]?[section] = nil
        return layout
    }

    /// Takes what the worker made for the last request started; drops what it made, or gave up, for an older one.
    private func absorb() {
        for done in worker.takeFinished() where done.job.number == number {
            guard let output = done.output else { continue }
            made = output
            isMaking = false
            finished = done.job.request.columnCounts
        }
    }

    /// Every section's columns at each count `request` asks for; `nil` once `cancellation` says a newer request
    /// came (checked between two counts).
    private static func make(_ request: Request, unless cancellation: WishWorker<Numbered, Made?>.Cancellation) -> Made?
    {
        var made = Made(aspects: request.aspects)
        for count in request.columnCounts {
            guard !cancellation.isCancelled else { return nil }
            made.layouts[count] = request.aspects.map { layout(of: $0, columnCount: count, request) }
        }
        return made
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
