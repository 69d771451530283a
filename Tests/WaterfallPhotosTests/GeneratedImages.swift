import Foundation

/// A temporary folder of images the tests make with ImageMagick's `convert`, removed when released. The tests fail,
/// never skip, without ImageMagick (`scripts/install-deps.sh` installs it).
final class GeneratedImages {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `convert` with `arguments` (the last is the output's name in the folder, after a `FORMAT:` prefix when
    /// the format is not the name's) and returns the output's path.
    @discardableResult
    func convert(_ arguments: [String]) throws -> String {
        guard let output = arguments.last else { throw GeneratedImagesError("no output named") }
        let parts = output.split(separator: ":", maxSplits: 1).map(String.init)
        let (prefix, name) = parts.count == 2 ? (parts[0] + ":", parts[1]) : ("", output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["convert"] + arguments.dropLast() + [prefix + path(name)]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw GeneratedImagesError("convert \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(text); run scripts/install-deps.sh")
        }
        return path(name)
    }

    /// Writes `bytes` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        return path(name)
    }
}

/// Why an image could not be made.
struct GeneratedImagesError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
