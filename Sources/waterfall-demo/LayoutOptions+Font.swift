import ArgumentParser
import WaterfallCards
import WaterfallDemoKit
import WaterfallX11

extension LayoutOptions {
    /// The cards' sizes in the `--font` font: its line height at scale 1, read with fontconfig and FreeType without a
    /// display, sets the captions' height, so that the window (at any scale) and the `layout` subcommand lay out alike.
    /// - Throws: `ValidationError` naming `--font` when no font can be used.
    func cardMetrics() throws -> CardMetrics {
        do {
            return CardMetrics(lineHeight: try FontMetrics(pattern: font).lineHeight)
        } catch let error as FontError {
            throw ValidationError("--font: \(error)")
        }
    }
}
