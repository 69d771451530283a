/// What a file the wall does not show is, told by its first bytes (its magic number), so that the status bar and the
/// `scanned` event can say what was skipped ("3 skipped (1 PSD, 1 PDF, 1 other)") instead of a bare count. The file's
/// name is looked at only to tell a camera's RAW file from a TIFF, both TIFF structures.
public enum SkippedKind: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Windows bitmap: `BM`, its reserved bytes 0.
    case bmp
    /// TIFF (or BigTIFF): `II*\0`, `MM\0*`, `II+\0`, `MM\0+`, not named as a camera's RAW file.
    case tiff
    /// A HEIF image sequence: an ISO base media file of brand `hevm`, `hevs` or `msf1` that is not a HEIF or AVIF
    /// still image (`ImageFormat.heif`, `.avif`: those are shown, and never reach here).
    case heif
    /// Photoshop: `8BPS`.
    case psd
    /// PDF: `%PDF-`.
    case pdf
    /// SVG: text starting `<svg`, or `<?xml` (or a comment or doctype) with `<svg` further on.
    case svg
    /// A file named as a TIFF-based camera RAW (`.nef`, `.arw`, `.cr2`, `.dng` and the other extensions) that libraw
    /// does not open (`PhotoError.unsupportedRAWCamera`: a plain TIFF so named, or a camera libraw does not know). The
    /// RAWs libraw opens, and those told by their own signature (CR2, ORF, RW2, RAF, CR3, DNG), are
    /// `ImageFormat.raw` photos and never reach here.
    case raw
    /// Anything else (text, archives, empty files...).
    case other

    /// How the status bar names the kind: "BMP", "PSD", "RAW", "other".
    public var name: String {
        switch self {
        case .bmp: return "BMP"
        case .tiff: return "TIFF"
        case .heif: return "HEIF"
        case .psd: return "PSD"
        case .pdf: return "PDF"
        case .svg: return "SVG"
        case .raw: return "RAW"
        case .other: return "other"
        }
    }

    /// In the order of the cases (ties in the status bar are named in it, `other` last).
    public static func < (a: SkippedKind, b: SkippedKind) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }

    /// How many of a file's first bytes `init(magic:fileName:)` looks at at most (an SVG's `<svg` may follow an XML
    /// declaration and comments).
    public static let bytesRead = 4096

    /// The kind of a file whose first bytes (at most `bytesRead` of them are looked at) are `bytes`, named
    /// `fileName` (its last path component).
    public init(magic bytes: some Collection<UInt8>, fileName: String) {
        let head = Array(bytes.prefix(Self.bytesRead))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && head[offset..<(offset + prefix.count)].elementsEqual(prefix)
        }
        func starts(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts("II*\0") || starts("MM\0*") || starts("II+\0") || starts("MM\0+") {
            self = Self.rawExtensions.contains(Self.fileExtension(of: fileName)) ? .raw : .tiff
        } else if starts("BM"), starts([0, 0, 0, 0], at: 6) {
            self = .bmp
        } else if starts("8BPS") {
            self = .psd
        } else if starts("%PDF-") {
            self = .pdf
        } else if starts("ftyp", at: 4) {
            self = Self.isoMediaKind(head)
        } else if Self.isSVG(head) {
            self = .svg
        } else {
            self = .other
        }
    }

    /// The extensions of the TIFF-based RAW formats (lower case): Canon CR2, Nikon NEF/NRW, Sony ARW/SR2/SRF, Adobe
    /// DNG, Pentax PEF, Samsung SRW, Hasselblad 3FR, Epson ERF, Kodak DCR/KDC, Leaf MOS, Phase One IIQ, Leica RWL.
    static let rawExtensions: Set<String> = [
        "cr2", "nef", "nrw", "arw", "sr2", "srf", "dng", "pef", "srw", "3fr", "erf",
        "dcr", "kdc", "mos", "iiq", "rwl",
    ]

    /// The ISO base media file brands of HEIF image sequences (HEIF's and AVIF's still images, and Canon's CR3, are
    /// `ImageFormat`s), and of MP4 and QuickTime videos.
    static let heifBrands: Set<String> = ["hevm", "hevs", "msf1"]

    /// The kind of an ISO base media file (`ftyp` at 4) whose first bytes are `head`, by its major brand.
    private static func isoMediaKind(_ head: [UInt8]) -> SkippedKind {
        let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, max(16, boxSize))
        let brands = stride(from: 8, to: end - 3, by: 4).filter { $0 != 12 }  // 12: the minor version
            .map { String(decoding: head[$0..<($0 + 4)], as: UTF8.self) }
        guard let major = brands.first else { return .other }
        if heifBrands.contains(major) { return .heif }
        return .other
    }

    /// Whether `head` is SVG text: after a UTF-8 byte order mark and white space, `<svg`; or `<?xml`, `<!--` or
    /// `<!DOCTYPE` with `<svg` within the bytes read.
    private static func isSVG(_ head: [UInt8]) -> Bool {
        var text = head[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        text = text.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if text.starts(with: "<svg".utf8) { return true }
        guard ["<?xml", "<!--", "<!DOCTYPE"].contains(where: { text.starts(with: $0.utf8) }) else { return false }
        let needle = Array("<svg".utf8)
        return text.indices.contains { index in text[index...].starts(with: needle) }
    }

    /// The file name's extension in lower case ("" without one).
    static func fileExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
