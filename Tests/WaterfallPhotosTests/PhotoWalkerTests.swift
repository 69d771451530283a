import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// The walk: folders as sections in natural order, images by their bytes, the rest counted and never followed twice.
struct PhotoWalkerTests {
    @Test func namesSortAsPeopleCountThem() {
        let names = ["img10.jpg", "img2.jpg", "IMG1.jpg", "img02.jpg", "img2a.jpg", "a.jpg", "img.jpg"]
        #expect(
            names.sorted(by: NaturalOrder.areInIncreasingOrder)
                == ["a.jpg", "img.jpg", "IMG1.jpg", "img2.jpg", "img02.jpg", "img2a.jpg", "img10.jpg"])
    }

    /// A folder of photos and the things a real Pictures folder holds besides.
    private func makeFolder() throws -> GeneratedImages {
        let images = try GeneratedImages()
        try images.convert(["-size", "40x30", "xc:red", "b10.png"])
        try images.convert(["-size", "30x40", "xc:blue", "b2.png"])
        try images.convert(["-size", "20x20", "xc:green", "a.jpg"])
        try images.write(Array("shopping list\n".utf8), to: "notes.jpg")  // skipped: not an image
        try images.write(Array(HeaderBytes.jpeg(width: 9, height: 9).prefix(40)), to: "cut.jpg")  // an error card
        try images.write(HeaderBytes.png(width: 60_000, height: 60_000), to: "bomb.png")  // an error card
        try images.convert(["-size", "10x10", "xc:white", ".hidden.png"])  // left out
        try FileManager.default.createDirectory(atPath: images.path("sub"), withIntermediateDirectories: true)
        try images.convert(["-size", "50x10", "xc:teal", "sub/c.webp"])
        // a loop
        try FileManager.default.createSymbolicLink(atPath: images.path("sub/back"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: images.path("dangling.jpg"), withDestinationPath: "gone.jpg")
        return images
    }

    @Test func aFolderIsASectionOfItsImagesInNaturalOrderAndTheRestIsCounted() throws {
        let images = try makeFolder()
        let (folders, counts) = PhotoWalker(paths: [images.folder.path]).walkAll()
        #expect(folders.map(\.name) == [images.folder.lastPathComponent])
        #expect(folders.first?.photos.map(\.name) == ["a.jpg", "b2.png", "b10.png", "bomb.png", "cut.jpg"])
        let byName = Dictionary(uniqueKeysWithValues: (folders.first?.photos ?? []).map { ($0.name, $0) })
        #expect(byName["b2.png"]?.header == ImageHeader(format: .png, width: 30, height: 40))
        #expect(byName["b2.png"]?.aspect == 40.0 / 30)
        #expect(byName["cut.jpg"]?.error == .truncated(.jpeg))
        #expect(byName["bomb.png"]?.error == .tooLarge(width: 60_000, height: 60_000))
        #expect(
            counts.found == 5 && counts.skipped == 1 && counts.unreadable == 1 && counts.loops == 0
                && counts.folders == 1)
    }

    @Test func recursivelyEachFolderIsASectionAndALoopIsWalkedOnce() throws {
        let images = try makeFolder()
        let (folders, counts) = PhotoWalker(paths: [images.folder.path], recursive: true).walkAll()
        #expect(folders.map(\.name) == [images.folder.lastPathComponent, "sub"])
        #expect(folders.last?.photos.map(\.name) == ["c.webp"])
        #expect(counts.loops == 1)  // sub/back leads to the folder already walked
        #expect(counts.found == 6 && counts.folders == 2)
    }

    /// root (a.png) holds 2021 (b.png) and 2022 (c.png, and 01 with d.png): each batch counts the folders found and
    /// not yet walked, as the status bar says them.
    @Test func eachBatchCountsTheFoldersLeftOfARecursiveWalk() throws {
        let images = try GeneratedImages()
        for folder in ["2021", "2022/01"] {
            try FileManager.default.createDirectory(atPath: images.path(folder), withIntermediateDirectories: true)
        }
        for name in ["a.png", "2021/b.png", "2022/c.png", "2022/01/d.png"] {
            try images.convert(["-size", "4x4", "xc:red", name])
        }
        var left: [String: Int] = [:]
        let counts = PhotoWalker(paths: [images.folder.path], recursive: true).walk { batch in
            left[batch.photos.first?.name ?? ""] = batch.counts.foldersLeft
        }
        // a.png: 2021 and 2022 found; b.png: 2022 left; c.png: 2022's own 01 found; d.png: none.
        #expect(left == ["a.png": 2, "b.png": 1, "c.png": 1, "d.png": 0])
        #expect(counts.foldersLeft == 0)
        let flat = PhotoWalker(paths: [images.folder.path]).walk { #expect($0.counts.foldersLeft == 0) }
        #expect(flat.foldersLeft == 0)
    }

    /// A path's last part read in place holds the bytes its parsed last component holds (none for the root), and
    /// the path's NUL follows it: the walk opens each photo by it, and the index stores it.
    @Test func theLastPartReadInPlaceIsTheLastComponent() {
        let paths: [[UInt8]] = [
            Array("/photos/2023/IMG_0001.jpg".utf8), Array("IMG_0001.jpg".utf8), Array("/".utf8),
            Array("/photos/".utf8), Array("//photos//a b.png".utf8), [0x2F, 0x66, 0xFF, 0x2F, 0x66, 0xFE, 0x2E, 0x6A],
        ]
        for bytes in paths {
            let path = FilePath(bytes: bytes)
            let expected = path.lastComponent?.bytes ?? []
            path.withLastComponentBytes { name in
                #expect(Array(name) == expected, "\(bytes)")
                #expect(name.baseAddress!.load(fromByteOffset: name.count, as: UInt8.self) == 0)
            }
        }
    }

    /// 5,000 names of 2 to 200 bytes (one not UTF-8), over many of readdir's buffers, each record as short as its name:
    /// each listed whole, read in place (a listing that copied whole records read past the last one's buffer, and
    /// crashed a walk of a million photos).
    @Test func aListingOfManyNamesOfEveryLengthHasEachNameWhole() throws {
        let images = try GeneratedImages()
        let folder = FilePath(images.folder.path).bytes + [UInt8(ascii: "/")]
        var made: Set<[UInt8]> = [[0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67]]
        for index in 0..<4_999 {
            made.insert(Array("\(index)-".utf8) + Array(repeating: UInt8(ascii: "x"), count: index % 190))
        }
        for name in made {
            let file = try FileDescriptor.open(
                FilePath(bytes: folder + name), .writeOnly, options: .create, permissions: .ownerReadWrite)
            try file.close()
        }
        let listed = try #require(PhotoWalker.list(FilePath(images.folder.path)))
        #expect(listed.count == made.count)
        #expect(Set(listed) == made)
    }

    @Test func photosSortByTimeOrSize() throws {
        let images = try makeFolder()
        let paths = ["a.jpg", "b2.png", "b10.png"].map(images.path)
        for (index, path) in paths.reversed().enumerated() {  // b10 oldest, a newest
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))], ofItemAtPath: path)
        }
        let byTime = PhotoWalker(paths: paths, order: .time).walkAll().folders
        #expect(byTime.first?.photos.map(\.name) == ["b10.png", "b2.png", "a.jpg"])
        let bySize = PhotoWalker(paths: paths, order: .size).walkAll().folders.first?.photos ?? []
        #expect(bySize.map(\.fileSize) == bySize.map(\.fileSize).sorted())
    }

    @Test func batchesComeInOrderAndFilesGiveTheirFoldersSections() throws {
        let images = try makeFolder()
        var batches: [(folder: String, starts: Bool, names: [String])] = []
        PhotoWalker(paths: [images.folder.path, images.path("sub/c.webp")], batchSize: 2).walk { batch in
            batches.append((batch.folder.string, batch.startsFolder, batch.photos.map(\.name)))
        }
        #expect(batches.map(\.names) == [["a.jpg", "b2.png"], ["b10.png", "bomb.png"], ["cut.jpg"], ["c.webp"]])
        #expect(batches.map(\.starts) == [true, false, false, true])
        #expect(batches.last?.folder == images.path("sub"))
    }
}
