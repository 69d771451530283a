import Foundation

extension GeneratedImages {
    /// Encodes the image `source` (a path, a PNG ImageMagick made) with `tool` — libheif's `heif-enc` (HEIC, or AVIF
    /// with `-A`) or libavif's `avifenc` — into `name` in the folder, with `options` before the files, and returns its
    /// path. Fails, never skips, without the tool (`scripts/install-deps.sh` installs libheif-examples and libavif-bin).
    @discardableResult
    public func encode(_ tool: String, _ options: [String], from source: String, to name: String) throws -> String {
        let files = tool == "heif-enc" ? [source, "-o", path(name)] : [source, path(name)]
        try TestTool.run([tool] + options + files)
        return path(name)
    }
}
