/// Why a photo cannot be shown, in the short words its error card shows.
public enum PhotoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file has no bytes.
    case empty
    /// The file's first bytes are no image format the wall shows (a text file named `.jpg`).
    case notAnImage
    /// The file ends inside its header or its data.
    case truncated(ImageFormat)
    /// The file is of `format` but uses something the wall cannot show, named in `detail`.
    case unsupported(ImageFormat, String)
    /// The file is of `format` (a video) but its pictures are coded with a codec the wall cannot decode, named `codec`.
    case unsupportedCodec(ImageFormat, codec: String)
    /// The image is larger than a photo may be (`ImageHeader.maximumPixels`, `.maximumSide`): refused from its header.
    case tooLarge(width: Int, height: Int)
    /// The file could not be read: the system's reason.
    case unreadable(String)
    /// The file was there when the folder was walked and is gone now.
    case vanished
    /// A camera RAW file libraw does not know (LIBRAW_FILE_UNSUPPORTED): another camera's, or no RAW.
    case unsupportedRAWCamera
    /// A camera RAW file with no embedded preview: the wall never develops a RAW.
    case rawHasNoPreview
    /// The shared thumbnail cache noted, for the file as it is now, that it cannot be decoded: the reason noted.
    case failedBefore(String)
    /// The worker process reading a file of `format` (`ImageFormat.decodedInAWorker`) gave no answer within `seconds`:
    /// it was killed.
    case timedOut(ImageFormat, seconds: Double)
    /// The worker process reading a file of `format` ended before it answered: `how` is "signal 11" or "exit status 1".
    case decoderCrashed(ImageFormat, how: String)
    /// The worker process that reads files of `format` could not be started: `executable` is not installed.
    case decoderMissing(ImageFormat, executable: String)
    /// The worker process reading a file of `format` answered with bytes that are no answer (`detail` says how): it
    /// was killed.
    case decoderFailed(ImageFormat, String)

    /// Whether the reason lies in the file's bytes, so that the file fails the same way until it changes (noted in
    /// the shared thumbnail cache's failures), rather than in reading it.
    public var isTheFilesOwn: Bool {
        switch self {
        case .empty, .notAnImage, .truncated, .unsupported, .unsupportedCodec, .tooLarge, .unsupportedRAWCamera,
            .rawHasNoPreview:
            return true
        // A worker's failure may come from the machine (its load, a missing program): tried again at the next launch.
        case .unreadable, .vanished, .failedBefore, .timedOut, .decoderCrashed, .decoderMissing, .decoderFailed:
            return false
        }
    }

    /// The reason in the few words an error card shows: "truncated JPEG", "unsupported video codec: vvc", "file
    /// vanished".
    public var description: String {
        switch self {
        case .empty: return "empty file"
        case .notAnImage: return "not an image"
        case .truncated(let format): return "truncated \(format.rawValue)"
        case .unsupported(let format, let detail): return "unsupported \(format.rawValue): \(detail)"
        case .unsupportedCodec(let format, let codec): return "unsupported \(format.rawValue) codec: \(codec)"
        case .tooLarge(let width, let height): return "too large: \(width) × \(height) px"
        case .unreadable(let reason): return "unreadable: \(reason)"
        case .vanished: return "file vanished"
        case .unsupportedRAWCamera: return "unsupported RAW camera"
        case .rawHasNoPreview: return "RAW has no preview"
        case .failedBefore(let reason): return reason
        case .timedOut(let format, let seconds): return "\(format.rawValue) timed out after \(Self.seconds(seconds))"
        case .decoderCrashed(let format, let how): return "the \(format.rawValue) decoder crashed (\(how))"
        case .decoderMissing(let format, let executable):
            return "\(format.rawValue) needs \(executable), which is not installed"
        case .decoderFailed(let format, let detail): return "the \(format.rawValue) decoder failed: \(detail)"
        }
    }

    /// "10 s", or "0.3 s" for a time that is not a whole number of seconds.
    private static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
