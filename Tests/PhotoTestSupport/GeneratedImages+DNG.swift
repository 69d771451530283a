import Foundation

extension GeneratedImages {
    /// Writes a minimal DNG (`HeaderBytes.dngFile`) to `name` in the folder and returns its path: its preview a JPEG
    /// of `previewWidth` × `previewHeight` pixels of `color` (its right half `rightHalf` when given) that ImageMagick's
    /// `convert` makes (quality 95), or, with `bitmap`, the same pixels as uncompressed 8-bit RGB. `orientation` is the
    /// DNG's own Orientation tag. No Debian tool writes a camera RAW, so the file is built here; `raw-identify` and
    /// `exiftool` read it as a DNG.
    /// - Parameter jpegOrientation: an EXIF Orientation that `exiftool` writes into the preview JPEG itself (a
    ///   preview's own tag, which the RAW's orientation overrides); none when `nil`.
    @discardableResult
    public func dng(
        _ name: String, previewWidth: Int, previewHeight: Int, color: String, rightHalf: String? = nil,
        orientation: Int = 1, jpegOrientation: Int? = nil, bitmap: Bool = false
    ) throws -> String {
        let jpegName = "\(name)-preview.jpg"
        let pixels =
            ["-size", "\(previewWidth)x\(previewHeight)", "xc:\(color)"]
            + (rightHalf.map {
                ["-fill", $0, "-draw", "rectangle \(previewWidth / 2),0 \(previewWidth),\(previewHeight)"]
            } ?? [])
        try convert(pixels + ["-quality", "95", jpegName])
        defer { try? FileManager.default.removeItem(atPath: path(jpegName)) }
        if let jpegOrientation { try exiftool(jpegName, ["-n", "-Orientation=\(jpegOrientation)"]) }
        let preview: HeaderBytes.DNGPreview
        if bitmap {
            try convert(pixels + ["-depth", "8", "rgb:\(jpegName).rgb"])
            defer { try? FileManager.default.removeItem(atPath: path("\(jpegName).rgb")) }
            preview = .rgb(Array(try Data(contentsOf: URL(fileURLWithPath: path("\(jpegName).rgb")))))
        } else {
            preview = .jpeg(Array(try Data(contentsOf: URL(fileURLWithPath: path(jpegName)))))
        }
        let bytes = HeaderBytes.dngFile(
            preview: preview, previewWidth: previewWidth, previewHeight: previewHeight,
            orientation: orientation)
        return try write(bytes, to: name)
    }
}
