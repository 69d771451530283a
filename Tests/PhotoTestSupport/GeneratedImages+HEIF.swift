import Foundation

extension GeneratedImages {
    /// Encodes the image `source` (a path, a PNG ImageMagick made) with `tool` — libheif's `heif-enc` (HEIC, or AVIF
    /// with `-A`) or libavif's `avifenc` — into `name` in the folder, with `options` before the files, and returns its
    /// path. Fails, never skips, without the tool (`scripts/install-deps.sh` installs libheif-examples and libavif-bin).
    @discardableResult
    public func encode(_ tool: String, _ options: [String], from source: String, to name: String) throws -> String {
        let files = tool == "heif-enc" ? [source, "-o", path(name)] : [source, path(name)]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + options + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GeneratedImagesError("\(tool) \(options.joined(separator: " ")) failed (\(process.terminationStatus)): \(text); run scripts/install-deps.sh")
        }
        return path(name)
    }
}
