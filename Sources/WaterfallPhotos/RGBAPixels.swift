/// Decoded pixels on their way to a thumbnail, owned: RGBA, 8 bits a channel, as a decoder wrote them.
struct RGBAImage {
    var width: Int
    var height: Int
    var bytes: [UInt8]
    /// The ICC profile the picture carries, which its colours are in; `nil` for sRGB.
    var profile: ColorProfile? = nil

    /// Calls `body` with the pixels, borrowed.
    func withPixels<Result>(_ body: (RGBAPixels) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(RGBAPixels(width: width, height: height, bytes: $0)) }
    }

    /// Whether every pixel is fully opaque.
    var isOpaque: Bool { withPixels(\.isOpaque) }

    /// The image scaled to `targetWidth` × `targetHeight` and laid over `background`: `RGBAPixels.scaled`.
    func scaled(toWidth targetWidth: Int, height targetHeight: Int, over background: UInt32) -> Thumbnail {
        withPixels { $0.scaled(toWidth: targetWidth, height: targetHeight, over: background) }
    }
}

/// Decoded pixels borrowed for the length of a call (from an `RGBAImage`, or from a decoder's reused memory): RGBA,
/// 8 bits a channel, `width` × `height`, row by row.
struct RGBAPixels {
    let width: Int
    let height: Int
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether every pixel is fully opaque.
    var isOpaque: Bool {
        stride(from: 3, to: width * height * 4, by: 4).allSatisfy { bytes[$0] == 255 }
    }

    /// The pixels shrunk (or enlarged) to `targetWidth` × `targetHeight` by `AreaScaler`, row by row, and laid over
    /// `background` so that the result is opaque.
    func scaled(toWidth targetWidth: Int, height targetHeight: Int, over background: UInt32) -> Thumbnail {
        scaledNotingOpacity(toWidth: targetWidth, height: targetHeight, over: background, checksOpacity: false)
            .thumbnail
    }

    /// The pixels scaled as `scaled(toWidth:height:over:)` scales them, and whether every pixel was opaque (`isOpaque`,
    /// checked row by row as the scaler takes each, while it is in the cache, when `checksOpacity`; else `true`).
    func scaledNotingOpacity(
        toWidth targetWidth: Int, height targetHeight: Int, over background: UInt32, checksOpacity: Bool = true
    ) -> (thumbnail: Thumbnail, isOpaque: Bool) {
        var scaler = AreaScaler(
            sourceWidth: width, sourceHeight: height, targetWidth: targetWidth, targetHeight: targetHeight,
            background: background, checksOpacity: checksOpacity)
        for row in 0..<height {
            scaler.add(row: UnsafeBufferPointer(rebasing: bytes[(row * width * 4)..<((row + 1) * width * 4)]))
        }
        return (scaler.thumbnail(), scaler.isOpaque)
    }
}
