// The layout benchmarks: our WaterfallLayout against the three baselines (Sources/Baselines), measured in the
// same run. Every name reads `operation/N=<items>/<implementation>[/x<repetitions>]`; a benchmark that repeats
// its operation (the queries) does it `repetitions` times per iteration, and scripts/benchmarks-report.py divides by
// that. Setup (building the layout under test, and checking that each baseline finds the same frames and the
// same visible items as ours) happens outside the measurement.
import Baselines
import Benchmark
import Waterfall

/// The same metrics for every benchmark (the JMH export expects one set): time, and the malloc interposer's
/// counts, which show that our layout does no per-item allocation.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .mallocBytesCount, .memoryLeakedBytes]

/// Full layouts and updates: few, long iterations.
func heavy(_ items: Int) -> Benchmark.Configuration {
    .init(
        metrics: metrics, warmupIterations: 1,
        maxDuration: .milliseconds(items >= 1_000_000 ? 1_500 : 800),
        maxIterations: items >= 1_000_000 ? 15 : 200
    )
}

/// Queries: many short iterations, each repeating the query.
let query = Benchmark.Configuration(
    metrics: metrics, warmupIterations: 3, maxDuration: .milliseconds(500), maxIterations: 5_000)

func name(_ operation: String, _ items: Int, _ implementation: String, repetitions: Int? = nil) -> String {
    "\(operation)/N=\(items)/\(implementation)" + (repetitions.map { "/x\($0)" } ?? "")
}

let workloadHeight = Workload.height

// MARK: Baseline builders, each laying out from scratch.

func frameArray(
    _ items: Int, columns: Int = Workload.columnCount, height: (Int, Double) -> Double = workloadHeight
) -> FrameArrayLayout {
    FrameArrayLayout(metrics: Workload.metrics(columnCount: columns), itemCount: items, height: height)
}

func cht(
    _ items: Int, columns: Int = Workload.columnCount, height: (Int, Double) -> Double = workloadHeight
) -> CHTLayout {
    let layout = CHTLayout()
    layout.prepare(metrics: Workload.metrics(columnCount: columns), itemCount: items, height: height)
    return layout
}

func objects(
    _ items: Int, columns: Int = Workload.columnCount, height: (Int, Double) -> Double = workloadHeight
) -> ObjectLayout {
    let layout = ObjectLayout()
    layout.prepare(metrics: Workload.metrics(columnCount: columns), itemCount: items, height: height)
    return layout
}

/// A baseline implementation: its name in the results, and how to build it for a number of items, a column
/// count and heights.
struct Baseline {
    var name: String
    var build: (_ items: Int, _ columns: Int, _ height: (Int, Double) -> Double) -> any BaselineLayout
}

let baselines = [
    Baseline(name: "B1-frames") { frameArray($0, columns: $1, height: $2) },
    Baseline(name: "B2-CHT") { cht($0, columns: $1, height: $2) },
    Baseline(name: "B3-objects") { objects($0, columns: $1, height: $2) },
]

// MARK: Our layout after each update, for the checks.

func oursAfterAppend(_ items: Int) -> WaterfallLayout {
    let layout = Workload.makeLayout(count: items)
    Workload.append(layout, count: 1_000)
    return layout
}

func oursAfterInsert(_ items: Int) -> WaterfallLayout {
    let layout = Workload.makeLayout(count: items)
    Workload.insertAtZero(layout)
    return layout
}

func oursAfterDelete(_ items: Int) -> WaterfallLayout {
    let layout = Workload.makeLayout(count: items)
    Workload.delete(0..<1, from: layout)
    return layout
}

func oursAfterColumnChange(_ items: Int) -> WaterfallLayout {
    let layout = Workload.makeLayout(count: items)
    layout.columnCount = 3
    Workload.prepare(layout, count: items)
    return layout
}

/// Traps unless `layout`'s first `items` frames are those of a fresh layout of `items` items.
func checkFramesUnmoved(_ layout: WaterfallLayout, items: Int) {
    let fresh = Workload.makeLayout(count: items)
    for index in 0..<items {
        precondition(
            layout.layoutAttributesForItem(at: index) == fresh.layoutAttributesForItem(at: index),
            "item \(index) moved"
        )
    }
}

let benchmarks: @Sendable () -> Void = {
    // Computes the height table before any measurement.
    Benchmark.setup = { _ = Workload.heights }

    // MARK: Full layout: a new layout object prepared with N items. The measurement stops before the layout
    // is freed. Baselines: an array of frames (B1), CHT's attributes and union rects (B2), an object per item (B3).
    for items in [10_000, 100_000, 1_000_000] {
        Benchmark(name("layout", items, "ours"), configuration: heavy(items)) { benchmark in
            let layout = WaterfallLayout(
                columnCount: Workload.columnCount, columnSpacing: Workload.spacing, rowSpacing: Workload.spacing,
                insets: Workload.insets)
            Workload.prepare(layout, count: items)
            benchmark.stopMeasurement()
            blackHole(layout)
        }

        // The same on a layout that was prepared before (its storage is reused), as after a resize.
        Benchmark(name("layout", items, "ours-reprepare"), configuration: heavy(items)) { _, layout in
            Workload.prepare(layout, count: items)
        } setup: {
            Workload.makeLayout(count: items)
        }

        // Prepared again, then the last screen asked: the column index lists every item on the way (a prepare
        // leaves it to the first query that reaches the items), so this is the whole cost of a relayout at the end.
        Benchmark(name("layout", items, "ours-reprepare-last-screen"), configuration: heavy(items)) { _, layout in
            Workload.prepare(layout, count: items)
            var sum = 0
            layout.forEachItem(in: Workload.viewportRect(at: .bottom, contentHeight: layout.contentSize.height)) {
                sum &+= $0
            }
            blackHole(sum)
        } setup: {
            Workload.makeLayout(count: items)
        }

        for baseline in baselines {
            Benchmark(name("layout", items, baseline.name), configuration: heavy(items)) { benchmark in
                let layout = baseline.build(items, Workload.columnCount, workloadHeight)
                benchmark.stopMeasurement()
                blackHole(layout)
            } setup: {
                Agreement.check(
                    ours: Workload.makeLayout(count: items),
                    baseline: baseline.build(items, Workload.columnCount, workloadHeight), name: baseline.name)
            }
        }
    }

    // MARK: Items in a viewport (1920 × 1080) at the top, the middle and the bottom of the content; each
    // iteration makes `repetitions` queries, scrolling 4 points between them. Every implementation visits the
    // indices (no result array); ours-attributes is our layoutAttributesForElements(in:), which returns
    // attributes sorted by index.
    for items in [10_000, 1_000_000] {
        for position in Workload.Position.allCases {
            let operation = "query-\(position.rawValue)"

            Benchmark(name(operation, items, "ours", repetitions: 1_000), configuration: query) { _, layout in
                let height = layout.contentSize.height
                var sum = 0
                for step in 0..<1_000 {
                    layout.forEachItem(in: Workload.viewportRect(at: position, contentHeight: height, step: step)) {
                        sum &+= $0
                    }
                }
                blackHole(sum)
            } setup: {
                Workload.makeLayout(count: items)
            }

            Benchmark(name(operation, items, "ours-attributes", repetitions: 1_000), configuration: query) {
                _, layout in
                let height = layout.contentSize.height
                var sum = 0
                for step in 0..<1_000 {
                    sum &+=
                        layout.layoutAttributesForElements(
                            in: Workload.viewportRect(at: position, contentHeight: height, step: step)
                        ).count
                }
                blackHole(sum)
            } setup: {
                Workload.makeLayout(count: items)
            }

            // Linear scans of every item cost O(N) per query: fewer repetitions at 1M.
            let scanRepetitions = items >= 1_000_000 ? 1 : 100
            let chtRepetitions = items >= 1_000_000 ? 10 : 1_000
            for (baseline, repetitions) in zip(baselines, [scanRepetitions, chtRepetitions, scanRepetitions]) {
                let implementation =
                    baseline.name == "B2-CHT"
                    ? "B2-CHT"
                    : baseline.name.replacingOccurrences(of: "frames", with: "scan").replacingOccurrences(
                        of: "objects", with: "scan")
                Benchmark(name(operation, items, implementation, repetitions: repetitions), configuration: query) {
                    _, layout in
                    let height = layout.contentHeight
                    var sum = 0
                    for step in 0..<repetitions {
                        layout.forEachItem(in: Workload.viewportRect(at: position, contentHeight: height, step: step)) {
                            sum &+= $0
                        }
                    }
                    blackHole(sum)
                } setup: { () -> any BaselineLayout in
                    let layout = baseline.build(items, Workload.columnCount, workloadHeight)
                    Agreement.check(ours: Workload.makeLayout(count: items), baseline: layout, name: baseline.name)
                    return layout
                }
            }
        }
    }

    // MARK: Updates at N = 1,000,000. Ours updates in place (the measurement stops before the layout is put
    // back); the baselines lay everything out again, as CHT's prepareLayout does on any invalidation. Each
    // setup checks our updated layout against the baseline's rebuild.
    let items = 1_000_000

    Benchmark(name("append1000", items, "ours"), configuration: heavy(items)) {
        (benchmark: Benchmark, layout: WaterfallLayout) in
        Workload.append(layout, count: 1_000)
        benchmark.stopMeasurement()
        Workload.delete(items..<(items + 1_000), from: layout)
    } setup: { () -> WaterfallLayout in
        let appended = oursAfterAppend(items)
        checkFramesUnmoved(appended, items: items)  // frames of existing items do not move
        Agreement.check(ours: appended, baseline: frameArray(items + 1_000), name: "B1-frames")
        return Workload.makeLayout(count: items)
    }

    Benchmark(name("insert0", items, "ours"), configuration: heavy(items)) {
        (benchmark: Benchmark, layout: WaterfallLayout) in
        Workload.insertAtZero(layout)
        benchmark.stopMeasurement()
        Workload.delete(0..<1, from: layout)
    } setup: { () -> WaterfallLayout in
        Agreement.check(
            ours: oursAfterInsert(items), baseline: frameArray(items + 1, height: Workload.heightAfterInsertingAtZero),
            name: "B1-frames")
        return Workload.makeLayout(count: items)
    }

    Benchmark(name("delete0", items, "ours"), configuration: heavy(items)) {
        (benchmark: Benchmark, layout: WaterfallLayout) in
        Workload.delete(0..<1, from: layout)
        benchmark.stopMeasurement()
        Workload.insertAtZero(layout, item: 0)
    } setup: { () -> WaterfallLayout in
        Agreement.check(
            ours: oursAfterDelete(items), baseline: frameArray(items - 1, height: Workload.heightAfterDeletingZero),
            name: "B1-frames")
        return Workload.makeLayout(count: items)
    }

    Benchmark(name("columns5to3", items, "ours"), configuration: heavy(items)) {
        (benchmark: Benchmark, layout: WaterfallLayout) in
        layout.columnCount = 3
        Workload.prepare(layout, count: items)
        benchmark.stopMeasurement()
        layout.columnCount = Workload.columnCount
        Workload.prepare(layout, count: items)
    } setup: { () -> WaterfallLayout in
        Agreement.check(ours: oursAfterColumnChange(items), baseline: frameArray(items, columns: 3), name: "B1-frames")
        return Workload.makeLayout(count: items)
    }

    let rebuilds:
        [(operation: String, items: Int, columns: Int, height: (Int, Double) -> Double, ours: () -> WaterfallLayout)] =
            [
                ("append1000", items + 1_000, Workload.columnCount, workloadHeight, { oursAfterAppend(items) }),
                (
                    "insert0", items + 1, Workload.columnCount, Workload.heightAfterInsertingAtZero,
                    { oursAfterInsert(items) }
                ),
                (
                    "delete0", items - 1, Workload.columnCount, Workload.heightAfterDeletingZero,
                    { oursAfterDelete(items) }
                ),
                ("columns5to3", items, 3, workloadHeight, { oursAfterColumnChange(items) }),
            ]
    for rebuild in rebuilds {
        for baseline in baselines {
            Benchmark(name(rebuild.operation, items, "\(baseline.name)-rebuild"), configuration: heavy(items)) {
                benchmark in
                let layout = baseline.build(rebuild.items, rebuild.columns, rebuild.height)
                benchmark.stopMeasurement()
                blackHole(layout)
            } setup: {
                Agreement.check(
                    ours: rebuild.ours(), baseline: baseline.build(rebuild.items, rebuild.columns, rebuild.height),
                    name: baseline.name)
            }
        }
    }
}
