import SystemPackage

extension ThumbnailDecoder {
    /// The frames of the animation in the file at `path` (a GIF of more than one frame, or an animated WebP), each
    /// `width` device pixels wide as `thumbnail(ofFile:width:)` makes a picture, for the lightbox to play; `nil` for
    /// a file of another format or of one frame.
    /// - Throws: `PhotoError` as `thumbnail(ofFile:width:)`; `.unsupported` when the frames at that width would take
    ///   more than `maximumBytes` (the animation is then shown still, as its first frame).
    public func animation(ofFile path: FilePath, width: Int, maximumBytes: Int) throws -> Animation? {
        // The format first: any other format's file is not read whole (and a video's header is not read here).
        let format = try PhotoFile.format(ofFile: path)
        guard format == .gif || format == .webp else {
            if format == nil { _ = try PhotoFile.readHeader(path: path) }  // throws why it is no image
            return nil
        }
        return try withFile(path) { header, bytes in
            guard header.format == .gif || header.format == .webp else { return nil }
            // The target in stored pixels: an animation stored on its side (a WebP's EXIF) is as wide as it is tall.
            let stored = Self.storedTarget(of: header, width: width)
            var animation = Animation(frames: [], delays: [])
            func add(_ image: RGBAImage, seconds: Double) throws {
                if animation.byteCount + stored.width * stored.height * 4 > maximumBytes {
                    let budget = maximumBytes >= 1 << 20 ? "\(maximumBytes >> 20) MB" : "\(maximumBytes >> 10) KB"
                    throw PhotoError.unsupported(header.format, "an animation of more than \(budget) at \(width) px")
                }
                var frame = image.scaled(toWidth: stored.width, height: stored.height, over: background).oriented(
                    header.orientation)
                colors.convert(&frame, from: image.profile, to: displayProfile)
                animation.frames.append(frame)
                animation.delays.append(Animation.delay(seconds))
            }
            if header.format == .gif {
                try GIFFrames.decode(bytes, screenWidth: header.width, screenHeight: header.height) {
                    try add($0, seconds: $1)
                }
            } else {
                guard Self.isAnimatedWebP(bytes) else { return nil }
                let profile = WebPColorProfile.read(bytes)
                try AnimatedWebPDecoder.frames(bytes) { image, seconds in
                    var image = image
                    image.profile = profile
                    try add(image, seconds: seconds)
                }
            }
            return animation.frames.count > 1 ? animation : nil
        }
    }

    /// Whether the WebP `bytes` are an animation: an extended file (`VP8X`) whose flags have the animation bit.
    private static func isAnimatedWebP(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count > 20 && bytes[12..<16].elementsEqual("VP8X".utf8) && bytes[20] & 0x02 != 0
    }
}
