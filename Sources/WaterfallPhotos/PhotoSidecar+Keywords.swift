import SystemPackage

extension XMPPacket.Property {
    /// `dc:subject`: a bag of keywords, each a leaf ("beach").
    static let subject = Self(namespace: "http://purl.org/dc/elements/1.1/", name: "subject", prefix: "dc")
    /// Lightroom's `lr:hierarchicalSubject`: a bag of keyword paths joined by `|` ("places|sea|beach").
    static let hierarchicalSubject = Self(
        namespace: "http://ns.adobe.com/lightroom/1.0/", name: "hierarchicalSubject", prefix: "lr")
    /// digiKam's `digiKam:TagsList`: a sequence of keyword paths joined by `/` ("places/sea/beach").
    static let tagsList = Self(namespace: "http://www.digikam.org/ns/1.0/", name: "TagsList", prefix: "digiKam")
}

/// Reading and writing a photo's keywords in XMP, as darktable, digiKam and Lightroom keep them.
///
/// A keyword is held as its path, parts joined by `/` ("places/sea/beach"; a flat one is one part, "beach").
extension PhotoSidecar {
    /// The keywords `packet` holds, in order, each once: the paths of `lr:hierarchicalSubject` and
    /// `digiKam:TagsList`, then the items of `dc:subject` that are no part of those paths (Lightroom and darktable
    /// write each path's leaf, and Lightroom its parents, there too). `nil` when the packet has none of the three.
    static func keywords(in packet: XMPPacket) -> [String]? {
        let lightroom = packet.items(of: .hierarchicalSubject)
        let digiKam = packet.items(of: .tagsList)
        let subjects = packet.items(of: .subject)
        guard lightroom != nil || digiKam != nil || subjects != nil else { return nil }
        let paths =
            (lightroom ?? []).map { Keyword.path(parts: $0.split(separator: "|")) }
            + (digiKam ?? []).map { Keyword.path(parts: $0.split(separator: "/")) }
        var seen = Set<String>()
        var keywords: [String] = []
        for path in paths where !path.isEmpty && seen.insert(path).inserted { keywords.append(path) }
        let parts = Set(paths.flatMap { Keyword.parts(of: $0) })
        for subject in subjects ?? [] {
            let leaf = Keyword.path(parts: [Substring(subject)])
            if !leaf.isEmpty, !parts.contains(leaf), seen.insert(leaf).inserted { keywords.append(leaf) }
        }
        return keywords
    }

    /// The keywords of `file`: its `NAME.EXT.xmp` sidecar's, else `NAME.xmp`'s, else its embedded XMP's, from the
    /// first of them that has a keyword property; none when no one has.
    public static func keywords(of file: FilePath) -> [String] {
        let names = SidecarNames(of: file)
        for name in [names.own, names.shared].compactMap({ $0 }) {
            if let keywords = packet(at: names.path(name)).flatMap(keywords(in:)) { return keywords }
        }
        return embeddedPacket(of: file).flatMap(keywords(in:)) ?? []
    }

    /// Writes `keywords` (paths, as `keywords(in:)` reads them) as the whole of `file`'s keywords in its sidecar
    /// `NAME.EXT.xmp`, as darktable does: each one's leaf in `dc:subject`, the paths of more than one part in
    /// `lr:hierarchicalSubject` (`|` between parts; written when there is one, or when the sidecar has the property),
    /// and every path in `digiKam:TagsList` when the sidecar has that property. Atomic, every other byte kept, as
    /// `write(_:for:)` writes the marks.
    /// - Throws: what `write(_:for:)` throws.
    public static func writeKeywords(
        _ keywords: [String], for file: FilePath, checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) {
        let paths = keywords.map { Keyword.parts(of: $0) }.filter { !$0.isEmpty }
        var leaves: [String] = []
        for parts in paths where !leaves.contains(parts[parts.count - 1]) { leaves.append(parts[parts.count - 1]) }
        let hierarchical = paths.filter { $0.count > 1 }.map { $0.joined(separator: "|") }
        try edit(sidecarOf: file, checkpoint: checkpoint) { (packet) throws(XMLError) in
            var bytes = try packet.setting(.subject, toItems: leaves, as: .bag)
            if !hierarchical.isEmpty || packet.items(of: .hierarchicalSubject) != nil {
                bytes = try XMPPacket(bytes).setting(.hierarchicalSubject, toItems: hierarchical, as: .bag)
            }
            if packet.items(of: .tagsList) != nil {
                bytes = try XMPPacket(bytes).setting(
                    .tagsList, toItems: paths.map { $0.joined(separator: "/") }, as: .seq)
            }
            return bytes
        }
    }

    /// The XMP packet embedded in `file`, when it has one that is well-formed.
    static func embeddedPacket(of file: FilePath) -> XMPPacket? {
        guard let descriptor = try? FileDescriptor.open(file, .readOnly, options: .closeOnExec) else { return nil }
        defer { try? descriptor.close() }
        let size = (try? descriptor.seek(offset: 0, from: .end)).map(Int.init) ?? 0
        guard let start = read(descriptor, at: 0, count: ImageFormat.bytesRead), let format = ImageFormat(magic: start),
            let bytes = EmbeddedXMP.packet(format: format, size: size, read: { read(descriptor, at: $0, count: $1) })
        else { return nil }
        return try? XMPPacket(bytes)
    }
}

/// Keyword paths: parts joined by `/`, each part's surrounding whitespace trimmed and empty parts dropped.
public enum Keyword {
    /// The parts of `path` ("places/sea/beach" is ["places", "sea", "beach"]), empty ones dropped.
    public static func parts(of path: String) -> [String] {
        path.split(separator: "/").map { String($0).trimmingXMLSpace() }.filter { !$0.isEmpty }
    }

    /// The path of `parts`, each trimmed and the empty ones dropped; empty when all are.
    public static func path(parts: [Substring]) -> String {
        // By bytes, with no string a part: the walk reads a million photos' keywords.
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var path = ""
        for part in parts {
            guard let first = part.utf8.firstIndex(where: { !isSpace($0) }),
                let last = part.utf8.lastIndex(where: { !isSpace($0) })
            else { continue }
            if !path.isEmpty { path += "/" }
            path += part[first...last]
        }
        return path
    }

    /// The keyword as typed: its parts trimmed, `|` or `/` between them (Lightroom's or digiKam's way); `nil` when it
    /// has no part.
    public static func typed(_ text: String) -> String? {
        let path = path(parts: text.split(whereSeparator: { $0 == "/" || $0 == "|" }))
        return path.isEmpty ? nil : path
    }
}
