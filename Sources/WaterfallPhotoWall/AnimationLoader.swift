import Foundation
import SystemPackage
import WaterfallPhotos

/// Decodes the lightbox's animation (every frame of a GIF or an animated WebP, at the width shown) on a thread of its
/// own, never the window's nor the pool's: one request at a time, a newer one replacing an older one not started.
/// What was decoded waits to be taken on the window's thread.
final class AnimationLoader: @unchecked Sendable {
    /// A request: the file, and the width its frames are decoded at.
    struct Request: Equatable {
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

    private let condition = NSCondition()
    /// The request waiting for the thread; guarded by `condition`.
    private var waiting: Request?
    /// What was decoded and not taken yet; guarded.
    private var finished: Result?
    private var isStopping = false
    private var isRunning = true
    private let onResult: @Sendable () -> Void

    /// A loader whose thread decodes as the wall's pool decodes (laying transparency over `background`, converting to
    /// `displayProfile`), calling `onResult` from its thread when a request is done.
    init(background: UInt32, displayProfile: ColorProfile?, onResult: @escaping @Sendable () -> Void) {
        self.onResult = onResult
        let thread = Thread { [weak self] in self?.work(background: background, displayProfile: displayProfile) }
        thread.name = "animation"
        thread.start()
    }

    /// Asks for `request`'s frames, in place of any request not started.
    func load(_ request: Request) {
        condition.withLock {
            waiting = request
            condition.broadcast()
        }
    }

    /// The last request's result, once: `nil` while it is decoded (or when none was made).
    func take() -> Result? {
        condition.withLock {
            defer { finished = nil }
            return finished
        }
    }

    /// Stops the thread once the animation it decodes is decoded.
    func stop() {
        condition.withLock {
            isStopping = true
            waiting = nil
            condition.broadcast()
            while isRunning { condition.wait() }
        }
    }

    private func work(background: UInt32, displayProfile: ColorProfile?) {
        let decoder = ThumbnailDecoder()
        decoder.background = background
        decoder.displayProfile = displayProfile
        while true {
            let request: Request? = condition.withLock {
                while waiting == nil && !isStopping { condition.wait() }
                defer { waiting = nil }
                return isStopping ? nil : waiting
            }
            guard let request else { break }
            let outcome: Swift.Result<Animation?, PhotoError>
            do {
                outcome = .success(
                    try decoder.animation(ofFile: request.file, width: request.width, maximumBytes: Self.maximumBytes))
            } catch let error as PhotoError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.unreadable("\(error)"))
            }
            condition.withLock { finished = Result(request: request, outcome: outcome) }
            onResult()
        }
        condition.withLock {
            isRunning = false
            condition.broadcast()
        }
    }
}
