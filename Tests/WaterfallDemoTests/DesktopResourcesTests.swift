import Foundation
import Testing
import WaterfallCards
import WaterfallPhotos
import XvfbSupport

/// What scripts/install.sh installs from Resources/ agrees with the program: the scalable icon is the window's icon
/// redrawn, and the desktop entry offers the program for exactly the types it decodes.
struct DesktopResourcesTests {
    private static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")

    /// Resources/waterfall.svg rendered by librsvg at `side` px, as install.sh renders the theme's PNGs:
    /// `0xAARRGGBB` a pixel, row by row, with every transparent pixel 0 (as AppIcon leaves them).
    private func renderedSVG(side: Int) throws -> [UInt32] {
        let svg = Self.resources.appendingPathComponent("waterfall.svg").path
        let png = try runTool("rsvg-convert", ["--width", String(side), "--height", String(side), svg], display: "")
        let rgba = [UInt8](try runTool("convert", ["png:-", "-depth", "8", "RGBA:-"], display: "", input: png))
        try #require(rgba.count == side * side * 4)
        return stride(from: 0, to: rgba.count, by: 4).map { offset in
            let alpha = UInt32(rgba[offset + 3])
            guard alpha > 0 else { return 0 }
            return alpha << 24 | UInt32(rgba[offset]) << 16 | UInt32(rgba[offset + 1]) << 8 | UInt32(rgba[offset + 2])
        }
    }

    @Test(arguments: [16, 48])
    func theScalableIconRendersToTheWindowsIconPixelForPixel(side: Int) throws {
        let drawn = AppIcon.pixels(side: side)
        let rendered = try renderedSVG(side: side)
        let differing = rendered.indices.filter { rendered[$0] != drawn[$0] }
        #expect(
            differing.isEmpty,
            "\(differing.count) pixels differ, the first at \(differing.first.map { "x \($0 % side), y \($0 / side)" } ?? "")"
        )
        // Not all one colour: the tile, its transparent cut corners and the cards' five colours are all there.
        #expect(Set(rendered).count == 7)
    }

    @Test func theDesktopEntryOpensEveryDecodedTypeAndFolders() throws {
        let entry = try String(contentsOf: Self.resources.appendingPathComponent("waterfall.desktop"), encoding: .utf8)
        let mimeTypes = entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") }?
            .dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        #expect(mimeTypes == ImageFormat.allCases.flatMap(\.mimeTypes) + ["inode/directory"])
    }
}
