import ArgumentParser

/// The Waterfall demo: a Pinterest-style wall of cards in an X11 window.
@main
struct WaterfallDemo: ParsableCommand {
    /// The program's version: `--version` prints it.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "waterfall-demo",
        abstract: "A masonry (waterfall) collection view in an X11 window.",
        version: WaterfallDemo.version,
        subcommands: [
            WindowCommand.self, PhotosCommand.self, LayoutCommand.self, BenchCommand.self, ReplayCommand.self,
        ],
        defaultSubcommand: WindowCommand.self
    )

    /// Runs `waterfall` for the photo wall's arguments (`PhotosAlias`), else the demo.
    static func main() {
        PhotosAlias.execIfAsked(CommandLine.arguments)
        main(nil)
    }
}
