import ArgumentParser

/// The Waterfall demo: a Pinterest-style wall of cards in an X11 window.
@main
struct WaterfallDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterfall-demo",
        abstract: "A masonry (waterfall) collection view in an X11 window.",
        subcommands: [WindowCommand.self, PhotosCommand.self, LayoutCommand.self, BenchCommand.self, ReplayCommand.self],
        defaultSubcommand: WindowCommand.self
    )
}
