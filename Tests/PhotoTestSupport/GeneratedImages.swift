import Foundation
import SystemPackage

/// A temporary folder of images the tests make with ImageMagick's `convert`, removed when released. The tests fail,
/// never skip, without ImageMagick (`scripts/install-deps.sh` installs it).
public final class GeneratedImages {
    /// The folder.
    public let folder: URL

    /// A new, empty folder in `parent` (the temporary folder by default: a test's own mount, say).
    public init(in parent: String? = nil) throws {
        let base = parent.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        folder = base.appendingPathComponent("waterfall-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The path of `name` in the folder.
    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The path of `name` in the folder, as the photo library takes paths.
    public func file(_ name: String) -> FilePath { FilePath(path(name)) }

    /// Runs `convert` with `arguments` (the last is the output's name in the folder, after a `FORMAT:` prefix when
    /// the format is not the name's) and returns the output's path.
    @discardableResult
    public func convert(_ arguments: [String]) throws -> String {
        guard let output = arguments.last else { throw GeneratedImagesError("no output named") }
        let parts = output.split(separator: ":", maxSplits: 1).map(String.init)
        let (prefix, name) = parts.count == 2 ? (parts[0] + ":", parts[1]) : ("", output)
        try TestTool.run(["convert"] + arguments.dropLast() + [prefix + path(name)])
        return path(name)
    }

    /// Writes `bytes` to `name` in the folder and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        return path(name)
    }
}

/// Why an image could not be made.
public struct GeneratedImagesError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
    init(_ description: String) { self.description = description }
}

extension GeneratedImages {
    /// A 64 × 48 picture whose upright top-left 16 × 16 corner is red and the rest blue, stored as EXIF's
    /// `orientation` (1-8) says a camera stores it, as a JPEG with that EXIF, named `name`. The stored corner comes
    /// from the EXIF definitions (where the stored first row and first column are shown), not from the code tested.
    public func orientedJPEG(_ orientation: Int, name: String) throws -> String {
        let jpeg = try Array(
            Data(
                contentsOf: URL(
                    fileURLWithPath: try convert([
                        "-quality", "95", orientedPicture(orientation, name: name), name + "-plain.jpg",
                    ]))))
        let exif = HeaderBytes.tiff(orientation: orientation, date: nil, littleEndian: orientation % 2 == 0)
        return try write(Array(jpeg.prefix(2)) + HeaderBytes.exifSegment(exif) + Array(jpeg.dropFirst(2)), to: name)
    }

    /// The picture of `orientedJPEG(_:name:)` as stored for `orientation`, without EXIF, as a PPM named `name.ppm`
    /// for `convert` to turn into any format: its path.
    public func orientedPicture(_ orientation: Int, name: String) throws -> String {
        let swapsSides = orientation >= 5
        let (storedWidth, storedHeight) = swapsSides ? (48, 64) : (64, 48)
        // The stored corner that is shown top left: 1 and 5 the stored top left; 2 and 8 its top right;
        // 3 and 7 its bottom right; 4 and 6 its bottom left.
        let right = [2, 3, 7, 8].contains(orientation)
        let bottom = [3, 4, 6, 7].contains(orientation)
        var ppm = Array("P6 \(storedWidth) \(storedHeight) 255\n".utf8)
        for index in 0..<(storedWidth * storedHeight) {
            let (x, y) = (index % storedWidth, index / storedWidth)
            let inX = right ? x >= storedWidth - 16 : x < 16
            let inY = bottom ? y >= storedHeight - 16 : y < 16
            ppm += inX && inY ? [255, 0, 0] : [0, 0, 255]
        }
        return try write(ppm, to: name + ".ppm")
    }
}
