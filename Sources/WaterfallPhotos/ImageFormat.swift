/// The image formats the photo wall shows, told by their first bytes (their magic numbers), never by a file's name.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// JPEG (JFIF or Exif): `FF D8 FF`.
    case jpeg = "JPEG"
    /// PNG: its 8-byte signature.
    case png = "PNG"
    /// WebP, lossy, lossless or extended: a RIFF container of type `WEBP`.
    case webp = "WebP"
    /// TIFF, classic or BigTIFF, in either byte order: `II*\0`, `MM\0*`, `II+\0`, `MM\0+`. Its first page is shown.
    case tiff = "TIFF"
    /// GIF (87a or 89a): `GIF87a` or `GIF89a`; the wall shows its first frame.
    case gif = "GIF"
    /// JPEG XL: a bare codestream (`FF 0A`) or its container, whose first box is the 12-byte signature
    /// `00 00 00 0C 'JXL ' 0D 0A 87 0A`; the wall shows its first frame.
    case jxl = "JPEG XL"
    /// HEIF, HEIC's included: an ISO base media file whose `ftyp` major brand is `heic`, `heix`, `hevc`, `hevx`,
    /// `heim`, `heis` or `mif1` (or `msf1` with one of those among its compatible brands), not AVIF.
    case heif = "HEIC"
    /// AVIF: an ISO base media file whose `ftyp` major brand is `avif` or `avis`, or `mif1`/`msf1` with one of those
    /// among its compatible brands.
    case avif = "AVIF"
    /// A video, shown by its poster frame (FFmpeg): an ISO base media file of an MP4 or QuickTime brand (MP4, MOV, M4V,
    /// 3GP), or Matroska/WebM (EBML's `1A 45 DF A3`).
    case video = "video"

    /// A camera's RAW file, shown by its embedded preview (libraw): told by content where the content tells — Canon
    /// CR2 (a TIFF with `CR 02 00` at 8), Olympus ORF (`IIRO`, `IIRS`, `MMOR`), Panasonic RW2 (`IIU\0`), Fujifilm RAF
    /// (`FUJIFILMCCD-RAW`), Canon CR3 (`ftyp` brand `crx `), a DNG by its DNGVersion tag in IFD0 (`ImageHeader` finds
    /// it: its magic is TIFF's) — and by the file's extension only for the TIFF-based RAWs whose content says no more
    /// than TIFF (NEF, ARW, PEF...; `RAWHeader.isNamedAsRAW`).
    case raw = "RAW"

    /// The format's media type, as `Thumb::Mimetype` names it: `image/jpeg`, `image/png`, `image/webp`,
    /// `image/tiff`, `image/gif`, `image/jxl`, `image/heic`, `image/avif`; `video/mp4` for every video (the first of
    /// `mimeTypes`: the magic number does not tell MP4 from MOV); `image/x-dcraw` (shared-mime-info's parent of every
    /// camera RAW type) for RAW.
    public var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .webp: return "image/webp"
        case .tiff: return "image/tiff"
        case .gif: return "image/gif"
        case .jxl: return "image/jxl"
        case .heif: return "image/heic"
        case .avif: return "image/avif"
        case .video: return "video/mp4"
        case .raw: return "image/x-dcraw"
        }
    }

    /// Every media type the format covers, as a desktop entry's `MimeType=` lists them: `mimeType`; for videos
    /// `video/mp4`, `video/quicktime`, `video/x-matroska`, `video/webm`; for RAW each camera's type (DNG, CR2, CR3,
    /// NEF, ARW, ORF, RW2, RAF).
    public var mimeTypes: [String] {
        switch self {
        case .video:
            return ["video/mp4", "video/quicktime", "video/x-matroska", "video/webm"]
        case .raw:
            return [
                "image/x-adobe-dng", "image/x-canon-cr2", "image/x-canon-cr3", "image/x-nikon-nef", "image/x-sony-arw",
                "image/x-olympus-orf", "image/x-panasonic-rw2", "image/x-fuji-raf",
            ]
        default:
            return [mimeType]
        }
    }

    /// Whether a thumbnail is decoded from the file itself, read as the decoder asks, rather than from its bytes read
    /// whole: a video, of which a poster frame needs only the index and one keyframe's packets, and a RAW, of which
    /// the preview is a small part.
    var isDecodedFromItsFile: Bool { self == .video || self == .raw }

    /// How many of a file's first bytes `init(magic:)` looks at at most: an ISO base media file's `ftyp` box, whose
    /// compatible brands tell a `mif1` file's kind, is read up to there.
    public static let bytesRead = 64

    /// The format whose magic number `bytes` begin with, or `nil` for anything else.
    public init?(magic bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.bytesRead))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) && starts([0x43, 0x52, 0x02, 0x00], at: 8)  // CR2
            || starts(Array("IIRO".utf8)) || starts(Array("IIRS".utf8)) || starts(Array("MMOR".utf8))  // ORF
            || starts([0x49, 0x49, 0x55, 0x00]) || starts(Array("FUJIFILMCCD-RAW".utf8))
        {  // RW2, RAF
            self = .raw
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
            || starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B])
        {
            self = .tiff
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C] + Array("JXL \r\n".utf8) + [0x87, 0x0A]) {
            self = .jxl
        } else if starts([0x1A, 0x45, 0xDF, 0xA3]) {
            self = .video  // EBML: Matroska or WebM
        } else if starts(Array("ftyp".utf8), at: 4), let format = Self.isoMediaFormat(head) {
            self = format
        } else {
            return nil
        }
    }

    /// HEIF's brands (`ImageFormat.heif`) and AVIF's.
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1"]
    static let avifBrands: Set<String> = ["avif", "avis"]
    /// The major brands of MP4 and QuickTime videos (and M4V, 3GP, 3G2: every `3gp` brand too).
    static let videoBrands: Set<String> = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "qt  ",
        "M4V ", "M4VH", "M4VP", "3gp4", "3gp5", "3gp6", "3g2a", "mmp4", "dash", "f4v ",
        "MSNV", "XAVC", "mp71",
    ]

    /// The format of an ISO base media file whose first bytes (`ftyp` at 4) are `head`: by the `ftyp` box's major
    /// brand, or, when it is the generic `mif1` or `msf1`, by its compatible brands (AVIF's first); a video by an MP4 or
    /// QuickTime major brand; Canon's CR3 (`crx `) is a RAW. `nil` for other brands (HEIF image sequences, audio's
    /// `M4A `).
    private static func isoMediaFormat(_ head: [UInt8]) -> ImageFormat? {
        let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, boxSize)
        guard end >= 12 else { return nil }
        func brand(at offset: Int) -> String { String(decoding: head[offset..<(offset + 4)], as: UTF8.self) }
        let major = brand(at: 8)
        if major == "crx " { return .raw }
        let compatible = stride(from: 16, to: end - 3, by: 4).map(brand(at:))
        if avifBrands.contains(major) { return .avif }
        if videoBrands.contains(major) || major.hasPrefix("3gp") { return .video }
        if major != "mif1" && major != "msf1" { return heifBrands.contains(major) ? .heif : nil }
        if compatible.contains(where: avifBrands.contains) { return .avif }
        if major == "mif1" || compatible.contains(where: heifBrands.contains) { return .heif }
        return nil
    }
}
