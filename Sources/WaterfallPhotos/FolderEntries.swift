import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A folder's entries through `opendir(3)` and `readdir(3)`: the C calls of the walk's listings.
enum FolderEntries {
    /// The names in the folder at `path` but `.` and `..`, as the system has them; `nil` when it cannot be read.
    ///
    /// Each name is read in place, up to its NUL: `readdir` packs its records into one buffer, each only as long as its
    /// name needs (`d_reclen`), so copying a whole `struct dirent` (280 bytes) off the last record read past the
    /// buffer's end, and crashed a walk of a million photos where that end was the end of a mapping.
    static func names(in path: FilePath) -> [[UInt8]]? {
        entries(in: path) { _ in false }?.map(\.name)
    }

    /// The names in the folder at `path` but `.` and `..`, as the system has them, each with what `stat` says of it
    /// when `stats(name)`: looked up in the open folder (`fstatat`), one name instead of the whole path again. `nil`
    /// when the folder cannot be read.
    static func entries(
        in path: FilePath, stating stats: (UnsafeRawBufferPointer) -> Bool
    ) -> [(name: [UInt8], info: FileInfo?)]? {
        guard let directory = path.withPlatformString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        let folder = dirfd(directory)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var entries: [(name: [UInt8], info: FileInfo?)] = []
        while let entry = readdir(directory) {
            let name = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
            let bytes = UnsafeRawBufferPointer(start: name, count: strlen(name))
            if !(bytes.elementsEqual([UInt8(ascii: ".")])
                || bytes.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]))
            {
                entries.append((Array(bytes), stats(bytes) ? FileInfo(name: name, inFolder: folder) : nil))
            }
        }
        return entries
    }

    /// Why the folder at `path` cannot be listed (`opendir`'s errno), or `nil` when it can.
    static func problem(listing path: FilePath) -> Errno? {
        guard let directory = path.withPlatformString({ opendir($0) }) else { return Errno(rawValue: errno) }
        closedir(directory)
        return nil
    }
}
