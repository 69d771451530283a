import SystemPackage

extension ThumbnailDecoder {
    /// Where a thumbnail came from: decoded from the photo, or read from the shared thumbnail cache.
    public enum Source: String, Hashable, Sendable {
        /// Decoded from the photo's own bytes.
        case decoded
        /// Read from the shared thumbnail cache: the photo was not opened for its pixels.
        case cache
    }

    /// The thumbnail of the file at `path`, `width` device pixels wide, through the shared thumbnail `cache`: a valid
    /// cached thumbnail at least that wide is used without opening the photo for its pixels; else the photo is
    /// decoded at the size of the cache folder that fits (256 or 512 px), written there for the next launch (and
    /// for any other program), and scaled to `width`. A photo that cannot be decoded is noted in the cache's
    /// failures and not tried again until it changes. With no cache (or a file the cache cannot name, or a photo
    /// whose XMP sidecar names its orientation), this is `thumbnail(ofFile:width:)`.
    ///
    /// Only opaque pictures are written: the wall lays transparency over its card's background, which is no part of
    /// the photo another program would show. They are written in sRGB, as the specification's thumbnails are and as
    /// every other program reads them, and converted to the display's profile when read.
    /// - Throws: `PhotoError`, as `thumbnail(ofFile:width:)`, or `.failedBefore` with the reason the cache noted.
    public func thumbnail(
        ofFile path: FilePath, width: Int, cache: SharedThumbnailCache?
    ) throws -> (thumbnail: Thumbnail, source: Source) {
        // A photo turned by its sidecar (`PhotoSidecar.orientation(of:)`, a saved rotation) keeps its time: the cache's
        // upright thumbnails, valid by that time alone, may be from before the turn, so it is decoded and not cached.
        // One failed `open` for the photos without a sidecar, beside the cached thumbnail's read.
        guard let cache, let original = cache.original(of: path), PhotoSidecar.orientation(of: path) == nil else {
            return (try thumbnail(ofFile: path, width: width), .decoded)
        }
        if let reason = cache.failure(of: original) { throw PhotoError.failedBefore(reason) }
        if var cached = cache.thumbnail(of: original, width: width, background: background) {
            colors.convert(&cached, from: nil, to: displayProfile)
            return (cached, .cache)
        }
        do {
            return try withDecoding(path) { header, decode in
                guard let folder = SharedThumbnailCache.folder(forWidth: width, upright: header.orientedSize) else {
                    return (try decode(width).forDisplay(self), .decoded)
                }
                let large = try decode(folder.width)
                guard large.isOpaque else { return (large.forDisplay(self).scaled(toWidth: width), .decoded) }
                let sRGB = large.converted(to: nil, by: self)
                cache.store(
                    sRGB, of: original, in: folder.name, mimeType: header.format.mimeType,
                    imageWidth: header.orientedSize.width, imageHeight: header.orientedSize.height)
                var shown = sRGB.scaled(toWidth: width)
                colors.convert(&shown, from: nil, to: displayProfile)
                return (shown, .decoded)
            }
        } catch let error as PhotoError {
            if error.isTheFilesOwn { cache.storeFailure(of: original, reason: error.description) }
            throw error
        }
    }
}
