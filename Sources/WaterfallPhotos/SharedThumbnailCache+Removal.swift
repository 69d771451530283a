import Foundation
import SystemPackage

extension SharedThumbnailCache {
    /// The folders of every size the Thumbnail Managing Standard names, which other programs may have filled.
    static let allSizeFolders = ["normal", "large", "x-large", "xx-large"]

    /// Removes every thumbnail of `file` from the cache, as the standard asks when a file is deleted: in each size's
    /// folder and every application's `fail/` folder. A relative path is taken from the current folder, as
    /// `original(of:)` takes it. Missing thumbnails are no error.
    public func removeThumbnails(of file: FilePath) {
        let key = Self.md5(FileURI.uri(of: Self.absolute(file)))
        let failures = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/fail")) ?? []).map {
            "fail/" + $0
        }
        for folder in Self.allSizeFolders + failures {
            _ = try? FileSystem.remove(FilePath("\(root)/\(folder)/\(key).png"))
        }
    }
}
