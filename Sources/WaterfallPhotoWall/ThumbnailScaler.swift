import SystemPackage
import WaterfallPhotos
import WaterfallX11

/// Scales kept thumbnails to a new width on a thread of its own, for a grid zoom: a step lays out every card again,
/// and its frame must come as fast as a scroll's, so the cards in view are drawn from their old pictures (scaled by
/// the server) in it, and from their thumbnails scaled here a moment later. Each result wakes the window. A
/// one-thread `WishWorker` scales them in the order asked.
final class ThumbnailScaler: Sendable {
    /// A thumbnail to scale, known by its file and the width asked.
    private struct Scaling: Hashable, Sendable {
        var file: FilePath
        var width: Int
        var thumbnail: Thumbnail

        static func == (a: Scaling, b: Scaling) -> Bool { a.file == b.file && a.width == b.width }

        func hash(into hasher: inout Hasher) {
            hasher.combine(file)
            hasher.combine(width)
        }
    }

    private let worker: WishWorker<Scaling, Thumbnail>

    /// A scaler whose results wake `wake`.
    init(wake: @escaping @Sendable () -> Void, loopThread: LoopThreadChecker = LoopThreadChecker()) {
        worker = WishWorker(threads: 1, name: "thumbnail scaler", loopThread: loopThread, wake: wake) {
            { scaling, _ in scaling.thumbnail.scaled(toWidth: scaling.width) }
        }
    }

    /// Scales `thumbnail`, `file`'s, to `width` pixels, after what was asked before; `takeResults()` gives it.
    func scale(_ thumbnail: Thumbnail, of file: FilePath, toWidth width: Int) {
        worker.enqueue([Scaling(file: file, width: width, thumbnail: thumbnail)])
    }

    /// Starts no scaling until `resume()`: what is asked meanwhile waits.
    func hold() { worker.hold() }

    /// Goes on with what waited since `hold()`.
    func resume() { worker.resume() }

    /// The thumbnails scaled since the last call. On the loop thread (checked in debug builds).
    func takeResults() -> [(file: FilePath, width: Int, thumbnail: Thumbnail)] {
        worker.takeFinished().map { ($0.job.file, $0.job.width, $0.output) }
    }
}
