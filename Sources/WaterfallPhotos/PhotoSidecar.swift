import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A photo's XMP sidecars, as photo managers keep them beside it: `NAME.EXT.xmp` (darktable, digiKam), which this
/// code reads first and writes, and `NAME.xmp` (Lightroom, Capture One), which it reads only. They hold the marks
/// (`xmp:Rating`) and, for a photo that is not a JPEG, its saved rotation (`tiff:Orientation`, which darktable and
/// digiKam read): a PNG, HEIC or WebP has no orientation tag every viewer honours, and rewriting the file to give it
/// one would be a lossy re-encode or a format-specific edit for each.
public enum PhotoSidecar {
    /// The largest sidecar read: 16 MB (darktable's longest histories are far smaller); a larger one reads as none.
    static let maximumSize = 16 << 20

    /// The sidecar written for `file`: `NAME.EXT.xmp`.
    public static func sidecar(of file: FilePath) -> FilePath {
        FilePath(bytes: file.bytes + Array(".xmp".utf8))
    }

    /// The sidecar `NAME.xmp` of `file` named `NAME.EXT`; `nil` when the name has no extension (its `NAME.xmp` is
    /// `sidecar(of:)`'s) or is itself `.xmp`.
    static func sharedSidecar(of file: FilePath) -> FilePath? {
        let names = SidecarNames(of: file)
        return names.shared.map(names.path)
    }

    /// The marks of `file`: its `NAME.EXT.xmp` sidecar (darktable, digiKam), else `NAME.xmp` (Lightroom, Capture
    /// One), else the XMP embedded in the file (a JPEG's APP1 "http://ns.adobe.com/xap/1.0/", a PNG's iTXt
    /// "XML:com.adobe.xmp", a WebP's "XMP " chunk; other formats have none here), else none. A sidecar without a
    /// rating, or malformed, is passed over; nothing here fails.
    public static func marks(of file: FilePath) -> PhotoMarks {
        if let marks = sidecarMarks(of: file, listing: .unknown) { return marks }
        return embeddedMarks(of: file) ?? PhotoMarks()
    }

    /// A non-JPEG's orientation as its sidecar `NAME.EXT.xmp`'s `tiff:Orientation` says, if it says (1 to 8).
    public static func orientation(of file: FilePath) -> ExifOrientation? {
        packet(at: sidecar(of: file)).flatMap(orientation(in:))
    }

    /// The orientation `packet`'s `tiff:Orientation` names, if one of 1 to 8.
    static func orientation(in packet: XMPPacket) -> ExifOrientation? {
        packet.integer(.orientation).flatMap(ExifOrientation.init(rawValue:))
    }

    /// The marks the sidecars of `file` say (`NAME.EXT.xmp` first), looking only at those `listing` may have; `nil`
    /// when none has a rating.
    static func sidecarMarks(of file: FilePath, listing: SidecarListing) -> PhotoMarks? {
        let names = SidecarNames(of: file)
        for name in [names.own, names.shared].compactMap({ $0 }) where listing.mayHave(named: name) {
            if let rating = packet(at: names.path(name))?.integer(.rating) { return PhotoMarks(xmpRating: rating) }
        }
        return nil
    }

    /// The marks in the XMP embedded in `file`, if it has a rating there.
    static func embeddedMarks(of file: FilePath) -> PhotoMarks? {
        embeddedPacket(of: file)?.integer(.rating).map(PhotoMarks.init(xmpRating:))
    }

    /// The marks in the XMP embedded in a file of `format` and `size` bytes read with `read`.
    static func embeddedMarks(format: ImageFormat, size: Int, read: EmbeddedXMP.Read) -> PhotoMarks? {
        guard let bytes = EmbeddedXMP.packet(format: format, size: size, read: read),
            let rating = (try? XMPPacket(bytes))?.integer(.rating)
        else { return nil }
        return PhotoMarks(xmpRating: rating)
    }

    /// The packet of the sidecar at `path`; `nil` when it is missing, unreadable, larger than `maximumSize` or no
    /// well-formed XML.
    static func packet(at path: FilePath) -> XMPPacket? {
        guard let bytes = contents(of: path) else { return nil }
        return try? XMPPacket(bytes)
    }

    /// The bytes of the file at `path`, if it can be read whole and holds at most `maximumSize`.
    static func contents(of path: FilePath) -> [UInt8]? {
        guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else { return nil }
        defer { try? descriptor.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard let got = try? chunk.withUnsafeMutableBytes({ try descriptor.read(into: $0, retryOnInterrupt: true) })
            else { return nil }
            if got == 0 { return bytes }
            bytes += chunk[..<got]
            if bytes.count > maximumSize { return nil }
        }
    }

    /// `count` bytes of `descriptor` at `offset` (fewer at the end of the file); `nil` when they cannot be read.
    static func read(_ descriptor: FileDescriptor, at offset: Int, count: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0 else { return nil }
        return try? [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let got = try descriptor.read(
                    fromAbsoluteOffset: Int64(offset + initialized),
                    into: UnsafeMutableRawBufferPointer(
                        rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...]),
                    retryOnInterrupt: true)
                if got == 0 { break }
                initialized += got
            }
        }
    }
}

/// Which sidecars a folder has, as the walk's listing of it shows, so that a photo without one costs no failed
/// `open`; unknown (every sidecar looked for on disk) outside the walk.
struct SidecarListing {
    /// The names ending in `.xmp` in the folder; `nil` when not listed.
    var names: Set<[UInt8]>?

    /// Not listed: every sidecar may be there.
    static let unknown = SidecarListing(names: nil)

    /// Whether the folder was listed and holds no sidecar.
    var hasNone: Bool { names?.isEmpty == true }

    /// Whether a sidecar named `name` (bytes) may be in the folder.
    func mayHave(named name: [UInt8]) -> Bool {
        names?.contains(name) ?? true
    }

    /// Whether a file named `name` (bytes) is a sidecar: its name ends in `.xmp`.
    static func isSidecar(_ name: some Collection<UInt8>) -> Bool {
        name.count > 4 && name.dropFirst(name.count - 4).elementsEqual(".xmp".utf8)
    }
}

/// The names of a photo's two sidecars, worked out on the path's bytes: the walk asks for them for every photo, and
/// `FilePath`'s component views cost far more (a debug build's checks made a walk of 10,000 photos take 40 s).
struct SidecarNames {
    /// The folder's bytes, up to and with the last `/` (empty for a bare name).
    let folder: ArraySlice<UInt8>
    /// `NAME.EXT.xmp`.
    let own: [UInt8]
    /// `NAME.xmp`; `nil` when the name has no extension or is itself `.xmp`.
    let shared: [UInt8]?

    /// The sidecars' names of `file`.
    init(of file: FilePath) {
        let bytes = file.bytes
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        let name = bytes[start...]
        let xmp = Array(".xmp".utf8)
        folder = bytes[..<start]
        own = Array(name) + xmp
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > start, !SidecarListing.isSidecar(Array(name)) {
            shared = Array(name[..<dot]) + xmp
        } else {
            shared = nil
        }
    }

    /// The path of the sidecar named `name` in the photo's folder.
    func path(_ name: [UInt8]) -> FilePath { FilePath(bytes: folder + name) }
}
