@_spi(Benchmarking) import WaterfallX11

/// The demo's steps to its first frame, in the order they happen, for `bench`'s breakdown of it.
enum StartupStep: String, CaseIterable {
    /// The program's code began to run (the process was loaded, its libraries linked, its arguments parsed).
    case running
    /// The cards were made (read from a catalog, or set up to be synthesised).
    case cards
    /// The display was opened and the window made, up to the first question of the first layout.
    case window
    /// The first layout was computed.
    case layout
    /// The first frame was drawn and the server had handled it.
    case firstFrame
}

/// When the demo's steps to its first frame ended.
typealias DemoStartupTimeline = StartupTimeline<StartupStep>
