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
        entries(in: path) { _, _ in false }?.map(\.name)
    }

    /// The names in the folder at `path` but `.` and `..`, as the system has them, each with its kind as the listing
    /// tells it, and with what `stat` says of it when `stats(name, isRegularFile)`: looked up in the open folder
    /// (`fstatat`), one name instead of the whole path again. `isRegularFile` is true when the listing says so
    /// (`d_type`); a caller that opens such a file anyway learns its status from the open file (`fstat`), and spares
    /// the name a second lookup. `nil` when the folder cannot be read.
    static func entries(
        in path: FilePath, stating stats: (_ name: UnsafeRawBufferPointer, _ isRegularFile: Bool) -> Bool
    ) -> [FolderEntry]? {
        guard let directory = path.withPlatformString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        let folder = dirfd(directory)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var entries: [FolderEntry] = []
        while let entry = readdir(directory) {
            let name = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
            let bytes = UnsafeRawBufferPointer(start: name, count: strlen(name))
            if !(bytes.elementsEqual([UInt8(ascii: ".")])
                || bytes.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]))
            {
                let isRegularFile = entry.pointee.d_type == UInt8(DT_REG)
                let info = stats(bytes, isRegularFile) ? FileInfo(name: name, inFolder: folder) : nil
                entries.append(FolderEntry(name: Array(bytes), isRegularFile: isRegularFile, info: info))
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

/// A name in a folder, as `FolderEntries.entries(in:stating:)` lists it.
struct FolderEntry {
    /// The name's bytes.
    var name: [UInt8]
    /// Whether the listing says it is a regular file (`d_type`); false when it says otherwise, or nothing.
    var isRegularFile: Bool
    /// What `stat` says of it, when it was asked and answered.
    var info: FileInfo?
}
