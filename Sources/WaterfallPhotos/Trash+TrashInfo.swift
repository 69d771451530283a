import SystemPackage

extension Trash {
    /// The trashed file that the `.trashinfo` at `info` describes, whoever trashed it (trash-cli, a file manager):
    /// its file in the `files/` beside that `info/`, and its original path, an absolute `Path=` as it is and a
    /// relative one (a Trash on another mount) from the mount's top directory, which holds `.Trash-$uid` or
    /// `.Trash/$uid`.
    /// - Throws: `FileActionError` naming `info` when it cannot be read or has no valid `Path=`.
    public static func trashedFile(info: FilePath) throws(FileActionError) -> TrashedFile {
        let text: [UInt8]
        do throws(Errno) {
            text = try FileSystem.contents(of: info, limit: 1 << 16)
        } catch {
            throw FileActionError(file: info, errno: error)
        }
        let suffix = Array(".trashinfo".utf8)
        guard let name = info.lastComponent?.bytes, name.count > suffix.count,
            name.suffix(suffix.count).elementsEqual(suffix)
        else {
            throw FileActionError(file: info, reason: "a trash info file's name ends in .trashinfo")
        }
        guard let path = TrashInfo.path(inText: text), !path.isEmpty else {
            throw FileActionError(file: info, reason: "it has no valid Path= in a [Trash Info] group")
        }
        let root = info.folder.folder
        let trashed = root.appending("files").appending(bytes: Array(name.dropLast(suffix.count)))
        if path.first == UInt8(ascii: "/") {
            return TrashedFile(original: FilePath(bytes: path), trashed: trashed, info: info)
        }
        // `$topdir/.Trash-$uid` or `$topdir/.Trash/$uid`.
        var top = root.removingLastComponent()
        if top.lastComponent == ".Trash" { top.removeLastComponent() }
        return TrashedFile(original: top.appending(bytes: path).lexicallyNormalized(), trashed: trashed, info: info)
    }
}
