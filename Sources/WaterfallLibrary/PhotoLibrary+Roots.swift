import Foundation
import SystemPackage

/// Roots added while the library runs: what a drop on the window brings.
extension PhotoLibrary {
    /// Adds `paths` (folders and files) to the roots: they are walked after what the launch walked, and their photos
    /// come through `update(applyingFolderUpdates:)` as the launch's did, each folder a section after the others,
    /// kept live. A path that is a root already, or inside one the walk goes into (a recursive walk's), is left out,
    /// as is one that is not there. Returns the paths added, in order.
    @discardableResult
    public func addRoots(_ paths: [FilePath]) -> [FilePath] {
        var shown = roots.map { Self.realPath(FilePath($0)) }
        var added: [FilePath] = []
        for path in paths {
            let real = Self.realPath(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: real.string, isDirectory: &isFolder) else { continue }
            let within = isFolder.boolValue ? real : real.removingLastComponent()
            let covered = shown.contains { root in
                root == real || root == within || (scan.recursive && within.starts(with: root))
            }
            guard !covered else { continue }
            shown.append(real)
            added.append(real)
        }
        scan.addRoots(added.map(\.string))
        return added
    }

    /// `path` made absolute, with its symbolic links resolved (`realpath(3)`); as given when it cannot be.
    static func realPath(_ path: FilePath) -> FilePath {
        guard let real = path.withPlatformString({ realpath($0, nil) }) else { return path }
        defer { free(real) }
        return FilePath(platformString: real)
    }
}
