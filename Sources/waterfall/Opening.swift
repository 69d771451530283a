import Foundation
import SystemPackage
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// What the paths on the command line open, as image viewers do: none, the library's roots (`[library] roots`, else
/// the pictures folder); one image file, that
/// photo in the lightbox among the other photos of its folder (as eog and gThumb open a file a file manager gives
/// them); several files or any folder, exactly those.
enum Opening {
    /// Resolves `configuration.paths` so (`libraryRoots`, else the pictures folder of `directories`, for none).
    static func resolve(_ configuration: inout PhotoWall.Configuration, directories: XDGDirectories) {
        guard !configuration.paths.isEmpty else {
            configuration.paths = libraryRoots([], directories: directories)
            return
        }
        guard configuration.paths.count == 1, let only = configuration.paths.first,
            isImageFile(only)
        else { return }
        let file = absolute(FilePath(only))
        configuration.paths = [file.removingLastComponent().string]
        configuration.lightboxFile = file
    }

    /// What `waterfall` shows given no path: the config file's `[library] roots` (a leading `~/` the home folder), else
    /// the XDG pictures folder.
    static func libraryRoots(_ roots: [String], directories: XDGDirectories) -> [String] {
        roots.isEmpty ? [directories.picturesFolder()] : roots.map { expandingHome($0, in: directories) }
    }

    /// `path` with a leading `~/` (or a lone `~`) as the home folder of `directories`.
    static func expandingHome(_ path: String, in directories: XDGDirectories) -> String {
        if path == "~" { return directories.home }
        return path.hasPrefix("~/") ? directories.home + path.dropFirst(1) : path
    }

    /// Whether `path` is a regular file whose first bytes are an image format's (a broken photo too: the lightbox
    /// then says why it cannot be shown).
    private static func isImageFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            let magic = try? handle.read(upToCount: ImageFormat.bytesRead)
        else { return false }
        return ImageFormat(magic: magic) != nil
    }

    /// `path` from the root, `.` and `..` resolved against the working directory.
    private static func absolute(_ path: FilePath) -> FilePath {
        guard !path.isAbsolute else { return path.lexicallyNormalized() }
        return FilePath(FileManager.default.currentDirectoryPath).pushing(path).lexicallyNormalized()
    }
}
