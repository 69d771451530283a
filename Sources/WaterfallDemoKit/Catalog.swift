import Foundation
import Waterfall

/// Why a catalog could not be loaded: names the file, the line where it is known (compiler style,
/// `path:line:`), the item and what is wrong.
package struct CatalogError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var line: Int?
    package var itemIndex: Int?
    package var problem: String

    package init(path: String, line: Int? = nil, itemIndex: Int? = nil, problem: String) {
        self.path = path
        self.line = line
        self.itemIndex = itemIndex
        self.problem = problem
    }

    package var description: String {
        var text = path
        if let line { text += ":\(line)" }
        if let itemIndex { text += ": item \(itemIndex)" }
        return text + ": \(problem)"
    }
}

/// Loads and checks the demo's catalog: a JSON array of
/// `{"title", "subtitle", "color": "#RRGGBB", "aspect", "category", "banner"}`, where `title` and `category`
/// are non-empty strings, `aspect` is picture height / width (greater than 0, at most
/// `CatalogItem.maximumAspect`), and `banner` is an optional boolean (`false` when left out).
///
/// Every problem is refused whole (no item is shown with a placeholder): the error names the file, the line
/// of the item (or of the JSON syntax error), the item's index and what is wrong, and the program exits with
/// status 2 before any window opens. A catalog of no items is refused too (`--items 0` shows the empty view),
/// and so is a file above `maximumFileSize`, before it is read.
package enum Catalog {
    /// The largest catalog file read: 64 MiB, about 500,000 items of the bundled catalog's kind.
    package static let maximumFileSize = 64 << 20

    /// Reads and validates the catalog at `path`: refuses a missing or unreadable file, a directory, and a file
    /// above `maximumFileSize` (checked with `stat` before anything is read).
    package static func load(path: String) throws(CatalogError) -> [CatalogItem] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CatalogError(path: path, problem: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw CatalogError(path: path, problem: "is not a regular file; expected a catalog JSON file")
        }
        guard info.st_size <= maximumFileSize else {
            throw CatalogError(
                path: path,
                problem: "the file is \(info.st_size) bytes; a catalog may be at most \(maximumFileSize) bytes (64 MiB)"
            )
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError(path: path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        return try parse(data, path: path)
    }

    /// Validates catalog JSON; `path` is used in error messages.
    package static func parse(_ data: Data, path: String) throws(CatalogError) -> [CatalogItem] {
        if let offset = UTF8Check.firstInvalidByte(in: data) {
            let byte = data[data.startIndex + offset]
            throw CatalogError(
                path: path, line: JSONLines.line(atOffset: offset, in: data),
                itemIndex: JSONLines.elementContaining(offset: offset, in: data),
                problem:
                    "the text is not valid UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset) "
                    + "does not begin or continue a character")
        }
        let raw: [RawItem]
        do {
            raw = try JSONDecoder().decode([RawItem].self, from: data)
        } catch let error as DecodingError {
            throw describe(error, path: path, data: data)
        } catch {
            throw CatalogError(path: path, problem: "\(error)")
        }
        guard !raw.isEmpty else {
            throw CatalogError(
                path: path, problem: "the catalog has no items; it needs at least one (--items 0 shows the empty view)")
        }
        var items: [CatalogItem] = []
        items.reserveCapacity(raw.count)
        for (index, entry) in raw.enumerated() {
            do {
                items.append(try entry.validated(index: index, path: path))
            } catch {
                var located = error
                located.line = JSONLines.lineOfElement(index, in: data)
                throw located
            }
        }
        return items
    }

    private struct RawItem: Decodable {
        var title: String
        var subtitle: String
        var color: String
        var aspect: Double
        var category: String
        var banner: Bool?

        func validated(index: Int, path: String) throws(CatalogError) -> CatalogItem {
            func failure(_ problem: String) -> CatalogError {
                CatalogError(path: path, itemIndex: index, problem: problem)
            }
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw failure("\"title\" is empty") }
            guard !category.trimmingCharacters(in: .whitespaces).isEmpty else { throw failure("\"category\" is empty") }
            guard let parsedColor = Color(hex: color) else {
                throw failure("\"color\" is \"\(color)\"; expected #RRGGBB with six hexadecimal digits")
            }
            guard aspect.isFinite, aspect > 0, aspect <= CatalogItem.maximumAspect else {
                throw failure(
                    "\"aspect\" is \(aspect); expected a number greater than 0 and at most \(CatalogItem.maximumAspect)"
                )
            }
            return CatalogItem(
                title: title, subtitle: subtitle, color: parsedColor, aspect: aspect,
                category: category, banner: banner ?? false)
        }
    }

    private static func describe(_ error: DecodingError, path: String, data: Data) -> CatalogError {
        var described = describe(error, path: path)
        if let index = described.itemIndex {
            described.line = JSONLines.lineOfElement(index, in: data)
        } else if case .dataCorrupted = error, let detail = syntaxError(in: data) {
            // JSONDecoder says only "not valid JSON"; JSONSerialization says where ("around character 24").
            described.problem = "not valid JSON (\(detail))"
            described.line = JSONLines.line(inMessage: detail, data: data)
        }
        return described
    }

    /// JSONSerialization's description of the syntax error in `data`, if it finds one.
    private static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        }
    }

    private static func describe(_ error: DecodingError, path: String) -> CatalogError {
        func location(_ codingPath: [CodingKey]) -> (Int?, String) {
            let index = codingPath.first?.intValue
            let field = codingPath.dropFirst().map(\.stringValue).joined(separator: ".")
            return (index, field)
        }
        switch error {
        case .keyNotFound(let key, let context):
            let (index, _) = location(context.codingPath)
            return CatalogError(path: path, itemIndex: index, problem: "field \"\(key.stringValue)\" is missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let (index, field) = location(context.codingPath)
            if index == nil && field.isEmpty {
                return CatalogError(path: path, problem: "expected a JSON array of items")
            }
            return CatalogError(path: path, itemIndex: index, problem: "field \"\(field)\" should be \(typeName(type))")
        case .dataCorrupted(let context):
            let (index, _) = location(context.codingPath)
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return CatalogError(
                path: path, itemIndex: index, problem: "not valid JSON (\(detail ?? context.debugDescription))")
        @unknown default:
            return CatalogError(path: path, problem: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        type == String.self
            ? "a string" : type == Double.self ? "a number" : type == Bool.self ? "a boolean" : "\(type)"
    }

    /// Where the bundled catalog is: `Resources/catalog.json` under the working directory, else under the
    /// nearest ancestor of the folder of the executable at `executablePath` (the program's own, which the program
    /// gives) that has one (the checkout a built binary came from), else in the checkout this source file was compiled
    /// in.
    package static func defaultPath(executablePath: String) -> String? {
        let relative = "Resources/catalog.json"
        let fileManager = FileManager.default
        var candidates = [fileManager.currentDirectoryPath]
        var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            candidates.append(folder.path)
            folder.deleteLastPathComponent()
        }
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(sourceRoot.path)
        return candidates.map { $0 + "/" + relative }.first { fileManager.isReadableFile(atPath: $0) }
    }
}
