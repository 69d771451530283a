import Dispatch
import Synchronization
import SystemPackage
import WaterfallPhotos

/// Works out the perceptual hashes (`PerceptualHash`) of photos whose thumbnails were never decoded, for the groups of
/// near-duplicates: on worker threads of low priority, a thumbnail `width` pixels wide decoded for each (not kept) and
/// hashed. A `WishWorker` runs the jobs; their results are taken on the loop thread.
package final class PhotoHasher {
    /// A photo's hash, or `nil` when its picture cannot be decoded; then the key of its bytes (`ExactCopyKey`), so
    /// that its exact copies are found all the same (`nil` when it cannot be read).
    typealias Result = (file: FilePath, hash: PerceptualHash?, exactKey: ExactCopyKey?)

    /// The thumbnails' width: the hash's 9 × 8 boxes need few pixels, and a JPEG decodes at an eighth of its size.
    static let width = 160

    private let worker: WishWorker<FilePath, Result>

    /// A hasher of `threads` threads, whose videos and RAWs are decoded by a worker of `decoderExecutable`; `wake` is
    /// called from a worker's thread when a result waits.
    init(
        threads: Int = 2, decoderExecutable: String?, loopThread: LoopThreadChecker = LoopThreadChecker(),
        wake: @escaping @Sendable () -> Void
    ) {
        worker = WishWorker(
            threads: threads, name: "hashes", niceness: ThumbnailPool.workerNiceness, loopThread: loopThread,
            wake: wake
        ) {
            let decoder = ThumbnailDecoder(worker: DecoderProcess(executable: decoderExecutable))
            return { file, _ in
                if let thumbnail = try? decoder.thumbnail(ofFile: file, width: Self.width) {
                    return (file, PerceptualHash(thumbnail), nil)
                }
                return (file, nil, try? ExactCopyKey(ofFile: file))
            }
        }
    }

    /// Hashes `files`, in that order, in place of what was queued and not started.
    func want(_ files: [FilePath]) { worker.want(files) }

    /// The hashes worked out since the last call.
    func takeResults() -> [Result] { worker.takeFinished().map(\.output) }

    /// Whether nothing is queued, running or waiting to be taken.
    var isIdle: Bool { worker.isIdle }

    /// Stops the workers; queued files are not hashed.
    func stop() { worker.stop() }

    /// Gives each photo of `folders` that can have one its hash, decoding their thumbnails on `threads` threads at
    /// once, and waits for them all (what `--print-layout --group similar` does before it lays out).
    package static func hashAll(
        _ folders: inout [PhotoFolder], threads: Int = ThumbnailPool.defaultWorkerCount, decoderExecutable: String?
    ) {
        let places = folders.indices.flatMap { folder in
            folders[folder].photos.indices.compactMap { photo -> (Int, Int)? in
                let header = folders[folder].photos[photo].header
                return header == nil || header?.format == .video ? nil : (folder, photo)
            }
        }
        let files = places.map { folders[$0.0].photos[$0.1].path }
        let hashes = Mutex([PerceptualHash?](repeating: nil, count: files.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, files.count))) { _ in
            let decoder = ThumbnailDecoder(worker: DecoderProcess(executable: decoderExecutable))
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let hash = (try? decoder.thumbnail(ofFile: files[index], width: width)).map(PerceptualHash.init)
                hashes.withLock { $0[index] = hash }
            }
        }
        let found = hashes.withLock { $0 }
        for (index, place) in places.enumerated() { folders[place.0].photos[place.1].perceptualHash = found[index] }
    }
}
