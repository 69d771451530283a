import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Where a photo's file is: its folder's path, one value shared by the photos of a folder, and its name. The file's
/// path is made when asked: a launch from the index makes a million photos and asks for few of their paths, where
/// making each one (a copy and a parse of 80 bytes) was a quarter of the readers' time and 140 bytes a photo.
public struct FileLocation: Hashable, Sendable {
    /// The folder the file is in, as the walk reached it; empty for a file given by a bare name.
    public let folder: FilePath
    /// The file's name as people read it (each byte that is not UTF-8 shown as U+FFFD).
    public let name: String
    /// The name's bytes when they are not `name`'s UTF-8 (a name that is not UTF-8); `nil` when they are.
    private let otherNameBytes: [UInt8]?

    /// The file named by `nameBytes` (no `/`, no NUL) in `folder`.
    public init(folder: FilePath, nameBytes: UnsafeRawBufferPointer) {
        self.folder = folder
        name = String(decoding: nameBytes, as: UTF8.self)
        otherNameBytes = Self.otherBytes(nameBytes, than: name)
    }

    /// The file at `path`.
    public init(path: FilePath) {
        let name = path.displayName
        self.name = name
        guard path.lastComponent != nil else {
            // The root, or no path: "its name" is the whole path, so that `path` gives it back.
            folder = FilePath()
            otherNameBytes = path.bytes.withUnsafeBytes { Self.otherBytes($0, than: name) }
            return
        }
        folder = path.removingLastComponent()
        otherNameBytes = path.withLastComponentBytes { Self.otherBytes($0, than: name) }
    }

    /// The file's path: the folder's, a `/`, then the name's bytes.
    public var path: FilePath {
        withNameBytes { name in
            folder.withPlatformString { folder in
                let count = strlen(folder)
                guard count > 0 else { return FilePath(joining: UnsafeRawBufferPointer(start: nil, count: 0), name) }
                let slash = folder[count - 1] == CChar(UInt8(ascii: "/")) ? 0 : 1
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + slash) { prefix in
                    UnsafeMutableRawBufferPointer(prefix).copyMemory(
                        from: UnsafeRawBufferPointer(start: folder, count: count))
                    if slash == 1 { prefix[count] = UInt8(ascii: "/") }
                    return FilePath(joining: UnsafeRawBufferPointer(prefix), name)
                }
            }
        }
    }

    /// The file's name as a path component (for a set of a folder's names); `nil` for a location with no name (the
    /// root). Made from the name alone, not the whole path.
    public var nameComponent: FilePath.Component? {
        withNameBytes { name in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: name)
                buffer[name.count] = 0
                return FilePath.Component(platformString: buffer.baseAddress!)
            }
        }
    }

    /// `body`'s result with the bytes of the file's name, in place.
    public func withNameBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let otherNameBytes { return try otherNameBytes.withUnsafeBytes(body) }
        var name = name
        return try name.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the file is the one at `path`, told without making its own path: by name first.
    public func isFile(at path: FilePath) -> Bool {
        guard path.lastComponent != nil else { return folder.isEmpty && withNameBytes { $0.elementsEqual(path.bytes) } }
        return path.withLastComponentBytes { last in withNameBytes { last.elementsEqual($0) } }
            && folder == path.removingLastComponent()
    }

    /// `bytes` when they are not the UTF-8 of `name` (their decoding); `nil` when they are, as every ASCII name's are.
    private static func otherBytes(_ bytes: UnsafeRawBufferPointer, than name: String) -> [UInt8]? {
        if !bytes.contains(where: { $0 >= 0x80 }) || name.utf8.elementsEqual(bytes) { return nil }
        return Array(bytes)
    }
}
