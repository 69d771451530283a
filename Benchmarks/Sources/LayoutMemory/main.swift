// Prints the heap each layout keeps per item at N items, as JSON lines, for scripts/benchmarks.sh.
//
// Measured with glibc's own accounting (mallinfo2: bytes in use in the arenas plus mmapped blocks, chunk
// headers and rounding included) before and after building each layout, in a process without the benchmark
// suite's malloc interposer. For ours, `storageBytes` (the capacity of its arrays) is printed as well.
//
// usage: layout-memory [N]   (default 1000000)
import Baselines
import CMallocInfo
import Waterfall

let items = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000

func heapInUse() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}

/// The heap `build` leaves allocated, and what it built (kept alive until the measurement is taken).
func measure<T>(_ build: () -> T) -> (bytes: Int, value: T) {
    let before = heapInUse()
    let value = build()
    return (heapInUse() - before, value)
}

func report(_ implementation: String, bytes: Int, extra: String = "") {
    let perItem = Double(bytes) / Double(items)
    print(
        "{\"implementation\":\"\(implementation)\",\"N\":\(items),\"heapBytes\":\(bytes),\"heapBytesPerItem\":\((perItem * 100).rounded() / 100)\(extra)}"
    )
}

let metrics = Workload.metrics()
_ = Workload.heights  // the height table (8 bytes per item) is allocated before, not inside, a measurement
do {
    // Listed in full (its column index is built as far as queries reach: a query of the bottom reaches every item).
    let (bytes, layout) = measure { () -> WaterfallLayout in
        let layout = Workload.makeLayout(count: items)
        layout.forEachItem(in: Rect(x: 0, y: layout.contentSize.height - 1, width: Workload.width, height: 1)) { _ in }
        return layout
    }
    let storage = Double(layout.storageBytes) / Double(items)
    report(
        "ours", bytes: bytes,
        extra: ",\"storageBytes\":\(layout.storageBytes),\"storageBytesPerItem\":\((storage * 100).rounded() / 100)")
}
do {
    let (bytes, layout) = measure { FrameArrayLayout(metrics: metrics, itemCount: items, height: Workload.height) }
    report("B1-frames", bytes: bytes)
    withExtendedLifetime(layout) {}
}
do {
    let (bytes, layout) = measure { () -> CHTLayout in
        let layout = CHTLayout()
        layout.prepare(metrics: metrics, itemCount: items, height: Workload.height)
        return layout
    }
    report("B2-CHT", bytes: bytes)
    withExtendedLifetime(layout) {}
}
do {
    let (bytes, layout) = measure { () -> ObjectLayout in
        let layout = ObjectLayout()
        layout.prepare(metrics: metrics, itemCount: items, height: Workload.height)
        return layout
    }
    // One object's allocation: glibc's usable size of the instance plus its 8-byte chunk header.
    let object = layout.items.first.map { malloc_usable_size(Unmanaged.passUnretained($0).toOpaque()) + 8 } ?? 0
    report("B3-objects", bytes: bytes, extra: ",\"objectChunkBytes\":\(object)")
    withExtendedLifetime(layout) {}
}
