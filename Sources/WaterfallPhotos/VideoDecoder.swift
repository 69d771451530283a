import CFFmpeg
import SystemPackage

/// A video's poster frame through FFmpeg: the keyframe at or before a tenth of its duration (`av_seek_frame`,
/// `AVSEEK_FLAG_BACKWARD`), the first frame decoded from there, scaled by libswscale straight to the card's size.
/// Pure functions of their input, holding nothing between calls but FFmpeg's own state, so that they can run in a
/// worker process. Guarded against hangs: a budget of the thread's CPU time (`timeLimit`) checked on every read and by
/// FFmpeg's interrupt callback, at most `packetLimit` packets before a frame comes, one decoding thread (the caller's,
/// whose CPU time the budget counts).
public enum VideoDecoder {
    /// How much CPU time a header or a poster frame may take before it is given up as "timed out after 5 s": time
    /// computed, never time spent waiting for a core, so that a busy machine fails no video.
    public static let timeLimit = Duration.seconds(5)
    /// How many packets (of every stream) may be read after the seek before a frame comes.
    static let packetLimit = 2_000
    /// Where the poster frame is taken, as a fraction of the duration.
    static let posterTime = 0.1

    /// The poster frame of the video at `path`, `width` pixels wide and as tall as its upright display aspect makes
    /// it, turned upright.
    /// - Throws: `PhotoError`: the file cannot be read, is no video, is truncated, has no video stream, or its codec
    ///   is not decoded here ("unsupported video codec: ...").
    public static func thumbnail(ofFile path: FilePath, width: Int) throws -> Thumbnail {
        try thumbnail(of: .file(path), header: PhotoFile.readHeader(path: path), width: width)
    }

    /// The poster frame of a whole video file's `bytes` (see `thumbnail(ofFile:width:)`).
    public static func thumbnail(of bytes: [UInt8], width: Int) throws -> Thumbnail {
        let header = try ImageHeader.read(bytes)
        return try bytes.withUnsafeBytes { try thumbnail(of: .bytes($0), header: header, width: width) }
    }

    /// The poster frame of `input`, whose `header` was read, `width` pixels wide, upright.
    private static func thumbnail(of input: VideoInput, header: ImageHeader, width: Int) throws -> Thumbnail {
        guard header.format == .video else { throw PhotoError.unsupported(header.format, "not a video") }
        let upright = header.orientedSize
        let targetWidth = max(1, width)
        let targetHeight = max(
            1,
            min(20 * targetWidth, Int((Double(targetWidth) * Double(upright.height) / Double(upright.width)).rounded()))
        )
        let (storedWidth, storedHeight) =
            header.orientation.swapsSides ? (targetHeight, targetWidth) : (targetWidth, targetHeight)
        return try poster(of: input, width: storedWidth, height: storedHeight).oriented(header.orientation)
    }

    /// The poster frame of `input` scaled to `width` × `height` (as stored: before its rotation).
    /// - Throws: see `thumbnail(ofFile:width:)`.
    static func poster(of input: VideoInput, width: Int, height: Int) throws -> Thumbnail {
        try input.withSource(within: ThreadTimeBudget(timeLimit)) { source in
            let video = try VideoContext(source)
            let decoder = try VideoFrameDecoder(video)
            decoder.seek(toFraction: posterTime)
            return try decoder.firstFrame { try VideoScaler.thumbnail(of: $0, width: width, height: height) }
        }
    }
}
