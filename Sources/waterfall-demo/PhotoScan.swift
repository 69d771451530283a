import Foundation
import Synchronization
import Waterfall
import WaterfallDemoKit
import WaterfallPhotos

/// The photo wall's walk, on a thread of its own: the folders' photos arrive in batches, which the window's thread
/// takes when woken (`takeBatches()`) and appends to the wall, so the first screen shows long before the walk ends
/// and a folder of 100,000 files never blocks the window.
final class PhotoScan: Sendable {
    /// What the walk handed on since the last take, and where it stands.
    private struct State {
        var batches: [PhotoBatch] = []
        var counts = ScanCounts()
        var isDone = false
    }

    private let state = Mutex(State())
    /// The folders and files walked: their paths name the sections.
    let roots: [String]

    /// Starts walking `roots` (into subfolders when `recursive`, each folder in `order`), calling `wake` from the
    /// walk's thread after each batch and at the end.
    init(roots: [String], recursive: Bool, order: PhotoOrder, wake: @escaping @Sendable () -> Void) {
        self.roots = roots
        let thread = Thread { [self] in
            let counts = PhotoWalker(paths: roots, recursive: recursive, order: order, batchSize: 128).walk { batch in
                state.withLock {
                    $0.batches.append(batch)
                    $0.counts = batch.counts
                }
                wake()
            }
            state.withLock {
                $0.counts = counts
                $0.isDone = true
            }
            wake()
        }
        thread.name = "photo walk"
        thread.start()
    }

    /// The batches that arrived since the last take, the counts so far, and whether the walk has ended.
    func takeBatches() -> (batches: [PhotoBatch], counts: ScanCounts, isDone: Bool) {
        state.withLock { state in
            defer { state.batches = [] }
            return (state.batches, state.counts, state.isDone)
        }
    }
}
