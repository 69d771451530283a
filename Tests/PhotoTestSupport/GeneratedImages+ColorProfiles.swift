import Foundation

/// The ICC profiles the colour tests embed and convert to: Ghostscript's, which Debian installs with ImageMagick
/// (libgs-common): an Adobe RGB (1998) one and an sRGB one.
public enum TestProfiles {
    /// Adobe RGB (1998): wider than sRGB, so a colour's numbers in it are not sRGB's.
    public static let adobeRGB = "/usr/share/color/icc/ghostscript/a98.icc"
    /// sRGB.
    public static let sRGB = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// The bytes of the profile at `path`.
    /// - Throws: when it is missing (run scripts/install-deps.sh).
    public static func bytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GeneratedImagesError("no ICC profile at \(path): run scripts/install-deps.sh (libgs-common)")
        }
        return Array(data)
    }
}

extension GeneratedImages {
    /// The red, green and blue of the pixel at (`x`, `y`) of the image at `path`, after ImageMagick applied
    /// `options` to it (e.g. `-profile sRGB.icc`, which converts a picture that embeds a profile to sRGB with
    /// lcms2): the reference the colour tests compare with.
    public func pixel(of path: String, x: Int = 0, y: Int = 0, after options: [String]) throws -> [UInt8] {
        let name = "pixel-\(UUID().uuidString).rgb"
        try convert([path] + options + ["-crop", "1x1+\(x)+\(y)", "+repage", "-depth", "8", "rgb:" + name])
        // Removed at once: a wall launched on the folder later would count it as a skipped file.
        defer { try? FileManager.default.removeItem(atPath: self.path(name)) }
        return try Array(Data(contentsOf: URL(fileURLWithPath: self.path(name))))
    }
}
