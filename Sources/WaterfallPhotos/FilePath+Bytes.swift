import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A path's bytes as the system has them. A file name on Linux is any bytes but `/` and NUL: one that is not UTF-8
/// must still open its file, and name it in `-o`'s output and in a URI, so photos carry a `FilePath` and only what
/// people read (a caption, a title, a log line) is decoded, each invalid byte as U+FFFD.
extension FilePath {
    /// The path's bytes, without the terminating NUL.
    public var bytes: [UInt8] {
        withPlatformString { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
    }

    /// `body` of the bytes of the path's last part, read in place: those after its last `/` (none for the root `/`,
    /// the whole path when it has no `/`), as `lastComponent`'s bytes are, without parsing and copying a component
    /// (the index stores each photo's name). The bytes are followed in memory by the path's terminating NUL.
    public func withLastComponentBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withPlatformString { path in
            let start = strrchr(path, Int32(UInt8(ascii: "/"))).map { UnsafePointer($0 + 1) } ?? path
            return try body(UnsafeRawBufferPointer(start: start, count: strlen(start)))
        }
    }

    /// The path whose bytes are `bytes` (which hold no NUL).
    public init(bytes: some Sequence<UInt8>) {
        self.init(bytes: Array(bytes))
    }

    /// The path whose bytes are `bytes` (which hold no NUL): copied once, with its NUL, and parsed (a launch from the
    /// index makes a path per photo).
    public init(bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { FilePath(joining: $0, UnsafeRawBufferPointer(start: nil, count: 0)) }
    }

    /// The path whose bytes are `prefix`'s then `name`'s (which hold no NUL): joined with a NUL on the stack, then
    /// copied once into the path and parsed.
    public init(joining prefix: UnsafeRawBufferPointer, _ name: UnsafeRawBufferPointer) {
        let count = prefix.count + name.count
        self = withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            bytes.copyMemory(from: prefix)
            UnsafeMutableRawBufferPointer(rebasing: bytes[prefix.count...]).copyMemory(from: name)
            buffer[count] = 0
            return FilePath(platformString: buffer.baseAddress!)
        }
    }

    /// The last part's name as people read it (each byte that is not UTF-8 shown as U+FFFD); the whole path for a
    /// root such as `/`.
    public var displayName: String { lastComponent.map { String(decoding: $0) } ?? string }
}

/// A file's name as the bytes the system has.
extension FilePath.Component {
    /// The name's bytes, without the terminating NUL.
    public var bytes: [UInt8] {
        withPlatformString { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
    }

    /// Whether the name starts with a dot: a hidden file, which file managers leave out.
    var isHidden: Bool { Self.isHidden(bytes) }

    /// Whether the name of bytes `name` is hidden: it starts with a dot.
    static func isHidden(_ name: some Collection<UInt8>) -> Bool { name.first == UInt8(ascii: ".") }
}
