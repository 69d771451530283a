import WaterfallPhotos

/// The fuzz input as a photo file: its header and EXIF read, then decoded to a thumbnail. Either ends in a result
/// within the limits, or in a `PhotoError`; a decoder fed any bytes must never crash.
enum ImageFuzz {
    /// One decoder for every input, as a worker keeps one.
    nonisolated(unsafe) static let decoder = ThumbnailDecoder()

    static func run(_ input: [UInt8]) {
        do {
            let header = try ImageHeader.read(input)
            precondition(header.width > 0 && header.height > 0 && header.width <= ImageHeader.maximumSide
                         && header.height <= ImageHeader.maximumSide && header.width * header.height <= ImageHeader.maximumPixels,
                         "a header of \(header.width) × \(header.height) passed its limits")
            let upright = header.orientedSize
            precondition(upright.width * upright.height == header.width * header.height, "orientation changed the area")
        } catch {
            return  // a PhotoError naming the problem: the only error the reader throws
        }
        do {
            let thumbnail = try decoder.thumbnail(of: input, width: 64)
            precondition(thumbnail.width >= 1 && thumbnail.width <= 64 && thumbnail.height >= 1, "a thumbnail of \(thumbnail.width) × \(thumbnail.height)")
            precondition(thumbnail.pixels.count == thumbnail.width * thumbnail.height, "a thumbnail's pixels do not fill it")
        } catch {
            return
        }
    }
}
