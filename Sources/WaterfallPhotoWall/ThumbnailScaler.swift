import Dispatch
import Synchronization
import SystemPackage
import WaterfallPhotos
import WaterfallX11

/// Scales kept thumbnails to a new width on a thread of its own, for a grid zoom: a step lays out every card again,
/// and its frame must come as fast as a scroll's, so the cards in view are drawn from their old pictures (scaled by
/// the server) in it, and from their thumbnails scaled here a moment later. Each result wakes the window.
final class ThumbnailScaler: Sendable {
    private let queue = DispatchQueue(label: "waterfall.thumbnail-scaler", qos: .userInitiated)
    private let results = Mutex<[(file: FilePath, width: Int, thumbnail: Thumbnail)]>([])
    private let wake: @Sendable () -> Void

    /// A scaler whose results wake `wake`.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Scales `thumbnail`, `file`'s, to `width` pixels; `takeResults()` gives it.
    func scale(_ thumbnail: Thumbnail, of file: FilePath, toWidth width: Int) {
        queue.async { [self] in
            let scaled = thumbnail.scaled(toWidth: width)
            results.withLock { $0.append((file, width, scaled)) }
            wake()
        }
    }

    /// Starts no scaling until `resume()`: what is asked meanwhile waits.
    func hold() { queue.suspend() }

    /// Goes on with what waited since `hold()`.
    func resume() { queue.resume() }

    /// The thumbnails scaled since the last call.
    func takeResults() -> [(file: FilePath, width: Int, thumbnail: Thumbnail)] {
        results.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
