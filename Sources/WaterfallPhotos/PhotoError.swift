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

    /// Whether the reason lies in the file's bytes, so that the file fails the same way until it changes (noted in
    /// the shared thumbnail cache's failures), rather than in reading it.
    public var isTheFilesOwn: Bool {
        switch self {
        case .empty, .notAnImage, .truncated, .unsupported, .unsupportedCodec, .tooLarge, .unsupportedRAWCamera, .rawHasNoPreview: return true
        case .unreadable, .vanished, .failedBefore: return false
        }
    }

    /// The reason in the few words an error card shows: "truncated JPEG", "unsupported video codec: vvc", "file
    /// vanished".
    public var description: String {
        switch self {
        case .empty: return "empty file"
        case .notAnImage: return "not an image"
        case let .truncated(format): return "truncated \(format.rawValue)"
        case let .unsupported(format, detail): return "unsupported \(format.rawValue): \(detail)"
        case let .unsupportedCodec(format, codec): return "unsupported \(format.rawValue) codec: \(codec)"
        case let .tooLarge(width, height): return "too large: \(width) × \(height) px"
        case let .unreadable(reason): return "unreadable: \(reason)"
        case .vanished: return "file vanished"
        case .unsupportedRAWCamera: return "unsupported RAW camera"
        case .rawHasNoPreview: return "RAW has no preview"
        case let .failedBefore(reason): return reason
        }
    }
}
