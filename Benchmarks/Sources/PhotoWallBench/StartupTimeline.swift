@_spi(Benchmarking) import WaterfallX11

/// The steps to a photo wall's first frame, in the order they happen: those of `waterfall-demo bench`'s timeline that a
/// photo wall has; its first layout happens in the first frame's turn, so `firstFrame` includes it.
enum StartupStep: String, CaseIterable {
    /// The program's code began to run (the process was loaded, its libraries linked, its arguments parsed).
    case running
    /// The wall was made and its walk started.
    case cards
    /// The display was opened and the window made.
    case window
    /// The first layout was computed, the first frame drawn, and the server had handled it.
    case firstFrame
}

/// When the photo wall's steps to its first frame ended.
typealias WallStartupTimeline = StartupTimeline<StartupStep>
