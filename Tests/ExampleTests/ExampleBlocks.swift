import Foundation

/// The code blocks of the documentation that show an example's code, and whether each is still that code.
///
/// A Markdown file marks such a block with an HTML comment on the line before its ```` ```swift ```` fence (nothing is
/// shown for it, on GitHub or in DocC):
///
///     <!-- example: Examples/Swatches/main.swift -->        the whole file
///     <!-- example: Examples/Swatches/main.swift#cell -->   the file's region `cell`
///
/// The path is from the package's root. A region is the lines between `// snippet.cell` and the next
/// `// snippet.end` in the file (the slice markers of DocC's snippets; regions do not nest). Marker lines
/// (`// snippet.` and a name) are never part of what a block shows, the whole file's included. The block must equal
/// that code line for line, blank lines and indentation too.
enum ExampleBlocks {
    /// A marked block: where its marker is, which file and region it shows, and its lines.
    struct Block: Equatable {
        /// The 1-based line of the marker comment in the Markdown file.
        var markerLine: Int
        /// The example's path from the package's root.
        var path: String
        /// The region's name, `nil` for the whole file.
        var region: String?
        /// The block's lines, between its fences.
        var lines: [String]
    }

    /// The marker's prefix and suffix: `<!-- example: PATH -->` or `<!-- example: PATH#REGION -->`.
    static let markerPrefix = "<!-- example: "
    static let markerSuffix = " -->"
    /// The prefix of a region marker line in an example file.
    static let regionMarker = "// snippet."

    /// The marked blocks of `markdown`, or the problems with its markers (`name:line: what`), naming `name`.
    static func blocks(in markdown: String, named name: String) -> (blocks: [Block], problems: [String]) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var problems: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingTrailingSpaces
            index += 1
            guard line.hasPrefix(markerPrefix) else { continue }
            let markerLine = index
            guard line.hasSuffix(markerSuffix), line.count > markerPrefix.count + markerSuffix.count else {
                problems.append(
                    "\(name):\(markerLine): an example marker is \(markerPrefix)PATH\(markerSuffix) or "
                        + "\(markerPrefix)PATH#REGION\(markerSuffix), not `\(line)`")
                continue
            }
            let reference = String(line.dropFirst(markerPrefix.count).dropLast(markerSuffix.count))
            let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
            guard index < lines.count, lines[index].trimmingTrailingSpaces == "```swift" else {
                problems.append(
                    "\(name):\(markerLine): the example marker of \(reference) is not followed by a ```swift fence")
                continue
            }
            guard let close = lines[(index + 1)...].firstIndex(where: { $0.trimmingTrailingSpaces == "```" }) else {
                problems.append("\(name):\(index + 1): the block of \(reference) has no closing ``` fence")
                break
            }
            blocks.append(
                Block(
                    markerLine: markerLine, path: parts[0], region: parts.count > 1 ? parts[1] : nil,
                    lines: Array(lines[(index + 1)..<close])))
            index = close + 1
        }
        return (blocks, problems)
    }

    /// The code `region` of an example file shows (the whole file when `nil`), each line with its 1-based line number
    /// in the file; `nil` when the file has no such region, or it is not closed.
    static func code(of file: String, region: String?) -> [(line: Int, text: String)]? {
        var lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }  // the newline that ends the last line
        let numbered = lines.enumerated().map { (line: $0.offset + 1, text: $0.element) }
        func isMarker(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespaces).hasPrefix(regionMarker) }
        guard let region else { return numbered.filter { !isMarker($0.text) } }
        let begin = regionMarker + region
        guard let start = numbered.firstIndex(where: { $0.text.trimmingCharacters(in: .whitespaces) == begin }),
            let end = numbered[(start + 1)...].firstIndex(where: {
                $0.text.trimmingCharacters(in: .whitespaces) == regionMarker + "end"
            })
        else { return nil }
        return numbered[(start + 1)..<end].filter { !isMarker($0.text) }
    }

    /// What is wrong with `block` of the Markdown file `name` against its example, whose text `readFile` gives
    /// (`nil` when there is no such file): nothing when the block shows the code exactly, else one problem naming the
    /// Markdown file and line, and the first line that differs.
    static func problem(with block: Block, in name: String, readFile: (String) -> String?) -> String? {
        let reference = block.path + (block.region.map { "#\($0)" } ?? "")
        guard let file = readFile(block.path) else {
            return "\(name):\(block.markerLine): the example \(block.path) does not exist"
        }
        guard let code = code(of: file, region: block.region) else {
            return "\(name):\(block.markerLine): \(block.path) has no region `\(block.region ?? "")` "
                + "(a line `\(regionMarker)\(block.region ?? "")`, then one `\(regionMarker)end`)"
        }
        let firstBlockLine = block.markerLine + 2  // after the marker and the opening fence
        for (offset, (expected, shown)) in zip(code, block.lines).enumerated() where expected.text != shown {
            return
                "\(name):\(firstBlockLine + offset): the block differs from \(reference) at \(block.path):\(expected.line): "
                + "the file has `\(expected.text)`, the block `\(shown)`"
        }
        if block.lines.count > code.count {
            return "\(name):\(firstBlockLine + code.count): the block goes on after the end of \(reference) "
                + "with `\(block.lines[code.count])`"
        }
        if code.count > block.lines.count {
            let missing = code[block.lines.count]
            return "\(name):\(firstBlockLine + block.lines.count): the block ends before \(reference) does: "
                + "it lacks \(block.path):\(missing.line) `\(missing.text)`"
        }
        return nil
    }
}

extension String {
    /// The string without the spaces and tabs at its end.
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
