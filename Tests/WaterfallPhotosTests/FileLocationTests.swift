import SystemPackage
import Testing
import WaterfallPhotos

/// A file's location gives back its path byte for byte (a name that is not UTF-8 included), from a path or from its
/// folder and name, and tells whether it is the file at a path without making its own.
struct FileLocationTests {
    static let paths: [FilePath] = [
        FilePath("/photos/2023/07/IMG_0001.jpg"),
        FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8)),
        FilePath("/photos/café.jpg"), FilePath("/top.png"), FilePath("bare.png"), FilePath("relative/a.png"),
        FilePath("/"),
    ]

    @Test(arguments: paths)
    func aLocationGivesItsPathBack(path: FilePath) {
        let location = FileLocation(path: path)
        #expect(location.path == path && location.path.bytes == path.bytes)
        #expect(location.name == path.displayName)
        #expect(location.isFile(at: path))
        for other in Self.paths where other != path { #expect(!location.isFile(at: other), "\(other)") }
    }

    @Test func aLocationInAFolderIsTheOneOfItsPath() {
        let folder = FilePath("/photos/2023")
        for name in [Array("IMG_0001.jpg".utf8), [0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67], Array("été.png".utf8)] {
            let location = name.withUnsafeBytes { FileLocation(folder: folder, nameBytes: $0) }
            let path = FilePath(bytes: Array("/photos/2023/".utf8) + name)
            #expect(location == FileLocation(path: path) && location.path == path)
            #expect(location.folder == folder && location.withNameBytes { Array($0) } == name)
            #expect(location.name == String(decoding: name, as: UTF8.self))
        }
        // The name's bytes are what tell two names that people read alike apart.
        let a = [UInt8(0x66), 0xFF].withUnsafeBytes { FileLocation(folder: folder, nameBytes: $0) }
        let b = [UInt8(0x66), 0xFE].withUnsafeBytes { FileLocation(folder: folder, nameBytes: $0) }
        #expect(a.name == b.name && a != b && !a.isFile(at: b.path))
        // The root's files: its path and one slash.
        let top = Array("x.jpg".utf8).withUnsafeBytes { FileLocation(folder: FilePath("/"), nameBytes: $0) }
        #expect(top.path == FilePath("/x.jpg") && top.isFile(at: FilePath("/x.jpg")))
    }

    @Test func aPhotoOfAPathHoldsItsLocation() {
        let path = FilePath(bytes: Array("/photos/".utf8) + [0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67])
        let photo = Photo(path: path, fileSize: 3, modified: 0, header: nil)
        #expect(photo.path == path && photo.name == "f\u{FFFD}.jpg" && photo.location.folder == FilePath("/photos"))
    }
}
