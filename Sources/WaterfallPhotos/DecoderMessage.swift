import SystemPackage

/// What the photo wall asks its decoder worker (`waterfall-decoder`, `DecoderProcess`), on the worker's standard input.
///
/// The framing, both ways: a message is a 4-byte little-endian length, then that many bytes: a version byte
/// (`DecoderFrame.version`), a kind byte, then the kind's fields. Integers are little-endian `UInt32`s, a `Double` is its
/// IEEE 754 bits as a `UInt64`, bytes and strings (UTF-8) are a `UInt32` count then the bytes, and an optional is a
/// byte (0 absent, 1 present) then the value. Requests: kind 1, "header of PATH" (the path's bytes); kind 2,
/// "thumbnail of PATH at WIDTH over BACKGROUND" (the path's bytes, the width, the background `0xRRGGBB`).
package enum DecoderRequest: Hashable, Sendable {
    /// The header of the file at the path.
    case header(FilePath)
    /// The thumbnail of the file at the path, `width` pixels wide, transparency laid over `background`.
    case thumbnail(FilePath, width: Int, background: UInt32)
}

/// What the decoder worker answers, on its standard output, framed as `DecoderRequest` says. Kind 1, a header (the
/// format's name, the stored width and height, the EXIF orientation, the optional date taken and duration); kind 2, a
/// thumbnail as `ThumbnailDecoder.Decoded` holds it (width, height, the pixels `0xRRGGBB` as `UInt32`s, whether it
/// was opaque, the optional ICC profile's bytes: the colours are converted in the wall, as every thumbnail's); kind 3,
/// a `PhotoError` (a case byte, then the case's fields).
package enum DecoderAnswer: Hashable, Sendable {
    /// The file's header.
    case header(ImageHeader)
    /// The file's thumbnail, its colours still the photo's own.
    case thumbnail(Thumbnail, isOpaque: Bool, profile: ColorProfile?)
    /// Why the file cannot be read.
    case failure(PhotoError)
}

/// The framing the worker and the wall share: writing and reading one message.
package enum DecoderFrame {
    /// The protocol's version, the first byte of every message: a worker of another version is answered as broken.
    package static let version: UInt8 = 1
    /// The longest message: a thumbnail 20 times as tall as a 4096-pixel-wide lightbox picture is 1.3 GB, far more
    /// than any card; a length above this is garbage, refused before anything is allocated.
    package static let maximumLength = 256 << 20
}

/// Why bytes are no message.
package struct DecoderFrameError: Error, Hashable, CustomStringConvertible {
    /// What is wrong, in a few words ("a message of version 7").
    package var reason: String
    /// `reason`.
    package var description: String { reason }
}
