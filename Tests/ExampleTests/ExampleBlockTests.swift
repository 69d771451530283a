import Foundation
import Testing

/// The README and the DocC articles show the examples' real code: every block marked `<!-- example: PATH -->` (see
/// `ExampleBlocks`) is exactly the file's code or region, and every example is shown whole: the smallest, Swatches, in
/// the README, and each other in the README or in a page of docs/ that the README links (the README stays short).
struct ExampleBlockTests {
    /// The package's root: this file is Tests/ExampleTests/ExampleBlockTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown files that may show an example, from the root: the README, docs/ and the DocC catalogs' articles.
    static func markdownFiles() throws -> [String] {
        let manager = FileManager.default
        var files = ["README.md"]
        files += try manager.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for module in try manager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path) {
            let folder = "Sources/\(module)"
            for catalog in (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            where catalog.hasSuffix(".docc") {
                files += try manager.contentsOfDirectory(
                    atPath: root.appendingPathComponent("\(folder)/\(catalog)").path
                )
                .filter { $0.hasSuffix(".md") }.map { "\(folder)/\(catalog)/\($0)" }
            }
        }
        return files.sorted()
    }

    static func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyMarkedBlockIsItsExamplesCodeAndTheReadmeOrAPageItLinksShowsEveryExampleWhole() throws {
        var problems: [String] = []
        var shown: [String: [String]] = [:]  // Markdown file → the references of its blocks
        for name in try Self.markdownFiles() {
            let text = try #require(Self.read(name))
            let (blocks, markerProblems) = ExampleBlocks.blocks(in: text, named: name)
            problems += markerProblems
            for block in blocks {
                shown[name, default: []].append(block.path + (block.region.map { "#\($0)" } ?? ""))
                if let problem = ExampleBlocks.problem(with: block, in: name, readFile: Self.read) {
                    problems.append(problem)
                }
            }
        }
        #expect(problems == [])
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Examples").path
        )
        .sorted().map { "Examples/\($0)/main.swift" }
        #expect(examples.contains("Examples/Swatches/main.swift"))
        #expect((shown["README.md"] ?? []).contains("Examples/Swatches/main.swift"), "the README shows Swatches whole")
        let readme = try #require(Self.read("README.md"))
        let linkedPages = shown.keys.filter { $0.hasPrefix("docs/") && readme.contains("](\($0))") }
        let shownWhole = Set((["README.md"] + linkedPages).flatMap { shown[$0] ?? [] })
        #expect(
            examples.filter { !shownWhole.contains($0) } == [],
            "examples that neither the README nor a page of docs/ it links shows whole")
        #expect(
            shown["Sources/WaterfallX11/WaterfallX11.docc/GettingStarted.md"]
                == [
                    "Examples/Swatches/main.swift#cell", "Examples/Swatches/main.swift#data",
                    "Examples/Swatches/main.swift#window",
                ])
    }

    // The checker itself, on made-up files: each way a block can be wrong is reported with its place.

    static let example = """
        import Waterfall
        // snippet.cell
        final class Cell {
            var color = 0
        }
        // snippet.end
        let cell = Cell()

        """

    static func check(_ markdown: String, files: [String: String] = ["Examples/A/main.swift": example]) -> [String] {
        let (blocks, problems) = ExampleBlocks.blocks(in: markdown, named: "GUIDE.md")
        return problems + blocks.compactMap { ExampleBlocks.problem(with: $0, in: "GUIDE.md", readFile: { files[$0] }) }
    }

    @Test func theWholeFileAndARegionAreShownWithoutTheirMarkerLines() {
        let markdown = """
            Intro.
            <!-- example: Examples/A/main.swift -->
            ```swift
            import Waterfall
            final class Cell {
                var color = 0
            }
            let cell = Cell()
            ```
            <!-- example: Examples/A/main.swift#cell -->
            ```swift
            final class Cell {
                var color = 0
            }
            ```
            """
        let (blocks, problems) = ExampleBlocks.blocks(in: markdown, named: "GUIDE.md")
        #expect(problems == [])
        #expect(blocks.map(\.markerLine) == [2, 10])
        #expect(blocks.map(\.region) == [nil, "cell"])
        #expect(Self.check(markdown) == [])
    }

    @Test func aChangedLineIsNamedWithTheMarkdownLineAndTheFileLine() {
        let markdown = """
            <!-- example: Examples/A/main.swift#cell -->
            ```swift
            final class Cell {
                var colour = 0
            }
            ```
            """
        #expect(
            Self.check(markdown) == [
                "GUIDE.md:4: the block differs from Examples/A/main.swift#cell at Examples/A/main.swift:4: "
                    + "the file has `    var color = 0`, the block `    var colour = 0`"
            ])
    }

    @Test func aBlockLongerOrShorterThanItsCodeIsNamed() {
        let longer = """
            <!-- example: Examples/A/main.swift#cell -->
            ```swift
            final class Cell {
                var color = 0
            }
            cell.draw()
            ```
            """
        #expect(
            Self.check(longer) == [
                "GUIDE.md:6: the block goes on after the end of Examples/A/main.swift#cell with `cell.draw()`"
            ])
        let shorter = """
            <!-- example: Examples/A/main.swift -->
            ```swift
            import Waterfall
            final class Cell {
                var color = 0
            }
            ```
            """
        #expect(
            Self.check(shorter) == [
                "GUIDE.md:7: the block ends before Examples/A/main.swift does: it lacks Examples/A/main.swift:7 `let cell = Cell()`"
            ])
    }

    @Test func aMissingFileOrRegionAndABrokenMarkerAreNamed() {
        let markdown = """
            <!-- example: Examples/B/main.swift -->
            ```swift
            ```
            <!-- example: Examples/A/main.swift#window -->
            ```swift
            ```
            <!-- example: Examples/A/main.swift -->

            ```swift
            ```
            <!-- example: -->
            <!-- example: Examples/A/main.swift -->
            ```swift
            import Waterfall
            """
        #expect(
            Self.check(markdown) == [
                "GUIDE.md:7: the example marker of Examples/A/main.swift is not followed by a ```swift fence",
                "GUIDE.md:11: an example marker is <!-- example: PATH --> or <!-- example: PATH#REGION -->, not `<!-- example: -->`",
                "GUIDE.md:13: the block of Examples/A/main.swift has no closing ``` fence",
                "GUIDE.md:1: the example Examples/B/main.swift does not exist",
                "GUIDE.md:4: Examples/A/main.swift has no region `window` (a line `// snippet.window`, then one `// snippet.end`)",
            ])
    }
}
