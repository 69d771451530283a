import Foundation
import Waterfall

/// Why a catalog could not be loaded: names the file, the item and what is wrong.
struct CatalogError: Error, CustomStringConvertible {
    var path: String
    var itemIndex: Int?
    var problem: String

    var description: String {
        if let itemIndex { return "\(path): item \(itemIndex): \(problem)" }
        return "\(path): \(problem)"
    }
}

/// Loads and checks the demo's catalog: a JSON array of
/// `{"title", "subtitle", "color": "#RRGGBB", "aspect", "category", "banner"}`, where `title` and `category`
/// are non-empty strings, `aspect` is picture height / width (greater than 0, at most
/// `CatalogItem.maximumAspect`), and `banner` is an optional boolean (`false` when left out).
enum Catalog {
    /// Reads and validates the catalog at `path`.
    static func load(path: String) throws(CatalogError) -> [CatalogItem] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError(path: path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        return try parse(data, path: path)
    }

    /// Validates catalog JSON; `path` is used in error messages.
    static func parse(_ data: Data, path: String) throws(CatalogError) -> [CatalogItem] {
        let raw: [RawItem]
        do {
            raw = try JSONDecoder().decode([RawItem].self, from: data)
        } catch let error as DecodingError {
            throw describe(error, path: path)
        } catch {
            throw CatalogError(path: path, problem: "\(error)")
        }
        var items: [CatalogItem] = []
        items.reserveCapacity(raw.count)
        for (index, entry) in raw.enumerated() {
            items.append(try entry.validated(index: index, path: path))
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
            func failure(_ problem: String) -> CatalogError { CatalogError(path: path, itemIndex: index, problem: problem) }
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw failure("\"title\" is empty") }
            guard !category.trimmingCharacters(in: .whitespaces).isEmpty else { throw failure("\"category\" is empty") }
            guard let parsedColor = Color(hex: color) else {
                throw failure("\"color\" is \"\(color)\"; expected #RRGGBB with six hexadecimal digits")
            }
            guard aspect.isFinite, aspect > 0, aspect <= CatalogItem.maximumAspect else {
                throw failure("\"aspect\" is \(aspect); expected a number greater than 0 and at most \(CatalogItem.maximumAspect)")
            }
            return CatalogItem(title: title, subtitle: subtitle, color: parsedColor, aspect: aspect,
                               category: category, banner: banner ?? false)
        }
    }

    private static func describe(_ error: DecodingError, path: String) -> CatalogError {
        func location(_ codingPath: [CodingKey]) -> (Int?, String) {
            let index = codingPath.first?.intValue
            let field = codingPath.dropFirst().map(\.stringValue).joined(separator: ".")
            return (index, field)
        }
        switch error {
        case let .keyNotFound(key, context):
            let (index, _) = location(context.codingPath)
            return CatalogError(path: path, itemIndex: index, problem: "field \"\(key.stringValue)\" is missing")
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            let (index, field) = location(context.codingPath)
            if index == nil && field.isEmpty {
                return CatalogError(path: path, problem: "expected a JSON array of items")
            }
            return CatalogError(path: path, itemIndex: index, problem: "field \"\(field)\" should be \(typeName(type))")
        case let .dataCorrupted(context):
            let (index, _) = location(context.codingPath)
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return CatalogError(path: path, itemIndex: index, problem: "not valid JSON (\(detail ?? context.debugDescription))")
        @unknown default:
            return CatalogError(path: path, problem: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        type == String.self ? "a string" : type == Double.self ? "a number" : type == Bool.self ? "a boolean" : "\(type)"
    }

    /// Where the bundled catalog is: `Resources/catalog.json` under the working directory, else under the
    /// nearest ancestor of the executable's folder that has one (the checkout a built binary came from),
    /// else in the checkout this source file was compiled in.
    static func defaultPath(executablePath: String = "/proc/self/exe") -> String? {
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
