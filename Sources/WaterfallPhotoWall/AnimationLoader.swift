import Foundation
import SystemPackage
import WaterfallPhotos

/// Decodes the lightbox's animation (every frame of a GIF or an animated WebP, at the width shown) on a thread of its
/// own, never the window's nor the pool's: one request at a time, a newer one replacing an older one not started (a
/// `WishWorker` of one thread). What was decoded waits to be taken on the window's thread.
final class AnimationLoader: Sendable {
    /// A request: the file, and the width its frames are decoded at.
    struct Request: Hashable {
        var file: FilePath
        var width: Int
    }

    /// What a request gave: its frames, `nil` for a still picture, or the reason they cannot be played.
    struct Result {
        var request: Request
        var outcome: Swift.Result<Animation?, PhotoError>
    }

    /// The most bytes an animation's frames may take; a larger one shows still.
    static let maximumBytes = 256 << 20

    private let decoder: WishWorker<Request, Result>

    /// A loader whose thread decodes as the wall's pool decodes (laying transparency over `background`, converting to
    /// `displayProfile`, a video's or a RAW's through a worker of `decoderExecutable`), calling `onResult` from its
    /// thread when a request is done.
    init(
        background: UInt32, displayProfile: ColorProfile?, decoderExecutable: String?,
        loopThread: LoopThreadChecker = LoopThreadChecker(), onResult: @escaping @Sendable () -> Void
    ) {
        decoder = WishWorker(threads: 1, name: "animation", loopThread: loopThread, wake: onResult) {
            let decoder = ThumbnailDecoder(worker: DecoderProcess(executable: decoderExecutable))
            decoder.background = background
            decoder.displayProfile = displayProfile
            return { request, _ in Self.decode(request, with: decoder) }
        }
    }

    /// Asks for `request`'s frames, in place of any request not started.
    func load(_ request: Request) { decoder.want([request]) }

    /// The last request's result, once: `nil` while it is decoded (or when none was made). On the loop thread
    /// (checked in debug builds).
    func take() -> Result? { decoder.takeFinished().last?.output }

    /// Stops the thread once the animation it decodes is decoded.
    func stop() { decoder.stop() }

    private static func decode(_ request: Request, with decoder: ThumbnailDecoder) -> Result {
        let outcome: Swift.Result<Animation?, PhotoError>
        do {
            outcome = .success(
                try decoder.animation(ofFile: request.file, width: request.width, maximumBytes: Self.maximumBytes))
        } catch let error as PhotoError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.unreadable("\(error)"))
        }
        return Result(request: request, outcome: outcome)
    }
}
