import Foundation

@testable import WaterfallPhotos

/// The real decoder worker, built beside this test bundle, found here as a program finds the one installed beside it:
/// the library looks for none itself (a `DecoderProcess` without an executable runs `waterfall-decoder` on `PATH`).
enum BuiltWorker {
    /// `waterfall-decoder` beside this test bundle.
    static var path: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("waterfall-decoder").path
    }

    /// A worker process of the built worker, not started yet.
    static func process() -> DecoderProcess { DecoderProcess(executable: path) }

    /// A thumbnail decoder whose worker is the built one.
    static func decoder() -> ThumbnailDecoder { ThumbnailDecoder(worker: process()) }
}

extension PhotoWalker {
    /// The walker, reading the formats of `ImageFormat.decodedInAWorker` through the built worker.
    func usingBuiltWorker() -> PhotoWalker {
        decoderProcess = BuiltWorker.process()
        return self
    }
}
