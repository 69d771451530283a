import SystemPackage

/// Writing a photo's sidecar `NAME.EXT.xmp`, as darktable and digiKam write theirs.
extension PhotoSidecar {
    /// Writes `marks` to `file`'s `NAME.EXT.xmp` as `xmp:Rating` (-1 when rejected), atomically (`AtomicFile`): an
    /// existing sidecar keeps every byte it has except the rating's value (the attribute, with its namespace's
    /// declaration when missing, is added to the first top-level `rdf:Description` that declares the `xmp` namespace,
    /// else to the first one); a new sidecar is a small packet as darktable writes one. `checkpoint` hears the names
    /// of `AtomicFile`'s checkpoints.
    /// - Throws: `FileActionError` naming the photo when it is gone, or the sidecar when it cannot be written (its
    ///   folder read-only, the disk full), was changed by another program while it was written, or is malformed: a
    ///   sidecar that is no well-formed XMP is left as it is, never overwritten.
    public static func write(
        _ marks: PhotoMarks, for file: FilePath, checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) {
        try set(.rating, to: String(marks.xmpRating), for: file, checkpoint: checkpoint)
    }

    /// Writes `orientation` to `file`'s `NAME.EXT.xmp` as `tiff:Orientation`, as `write(_:for:)` writes the marks.
    /// - Throws: what `write(_:for:)` throws.
    public static func writeOrientation(
        _ orientation: ExifOrientation, for file: FilePath, checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) {
        try set(.orientation, to: String(orientation.rawValue), for: file, checkpoint: checkpoint)
    }

    /// Sets `property` to `value` in `file`'s sidecar, creating it when missing; `checkpoint` hears the checkpoints.
    static func set(
        _ property: XMPPacket.Property, to value: String, for file: FilePath,
        checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) {
        try edit(sidecarOf: file, checkpoint: checkpoint, new: XMPPacket.new([(property, value)])) {
            (packet) throws(XMLError) in try packet.setting(property, to: value)
        }
    }

    /// Changes `file`'s sidecar to what `change` makes of its packet, atomically; a missing sidecar is created as
    /// `new`, or, when `new` is `nil`, as `change` makes a new empty packet. `checkpoint` hears the checkpoints.
    /// - Throws: what `write(_:for:)` throws.
    static func edit(
        sidecarOf file: FilePath, checkpoint: FileActionCheckpoint.Handler?, new: [UInt8]? = nil,
        change: (XMPPacket) throws(XMLError) -> [UInt8]
    ) throws(FileActionError) {
        guard FileSystem.exists(file) else { throw FileActionError(file: file, errno: .noSuchFileOrDirectory) }
        let sidecar = sidecar(of: file)
        guard let (bytes, identity) = try existingContents(of: sidecar) else {
            var contents: [UInt8]
            do throws(XMLError) {
                if let new { contents = new } else { contents = try change(XMPPacket(XMPPacket.new([]))) }
            } catch {
                throw FileActionError(file: sidecar, reason: "it cannot be made (\(error))")
            }
            try AtomicFile.create(sidecar, replacing: false, contents: contents, checkpoint: checkpoint)
            return
        }
        let contents: [UInt8]
        do throws(XMLError) {
            contents = try change(XMPPacket(bytes))
        } catch {
            throw FileActionError(file: sidecar, reason: "it is no well-formed XMP (\(error)); left as it is")
        }
        try AtomicFile.replace(sidecar, expecting: identity, checkpoint: checkpoint) { try $0.writeAll(contents) }
    }

    /// The bytes of the sidecar at `path` and its identity when they were read; `nil` when there is none.
    /// - Throws: `FileActionError` when it exists but cannot be read, or is larger than `maximumSize`.
    private static func existingContents(of path: FilePath) throws(FileActionError) -> ([UInt8], FileIdentity)? {
        let identity: FileIdentity
        do {
            identity = try FileIdentity.of(path)
        } catch {
            if !FileSystem.exists(path) { return nil }
            throw error
        }
        guard identity.size <= maximumSize else {
            throw FileActionError(file: path, reason: "it is larger than \(maximumSize >> 20) MB; left as it is")
        }
        guard let bytes = contents(of: path) else { throw FileActionError(file: path, reason: "it cannot be read") }
        return (bytes, identity)
    }
}
