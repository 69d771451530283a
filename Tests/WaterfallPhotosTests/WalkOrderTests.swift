import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// `PhotoWalker.walksBefore(_:_:roots:)` orders folders as a recursive walk reaches them, so a folder found later takes
/// the place a walk afresh gives its section: not byte order, which puts "Z" before "a", "img10" before "img2" and
/// "a b" between "a" and "a/b".
struct WalkOrderTests {
    @Test func foldersSortAsTheRecursiveWalkReachesThem() throws {
        let images = try GeneratedImages()
        let folders = [
            "first", "first/Z", "first/img10", "first/img2", "first/a b", "first/a", "first/a/b", "first/a/B2",
            "second", "second/sub",
        ]
        for folder in folders {
            try FileManager.default.createDirectory(atPath: images.path(folder), withIntermediateDirectories: true)
            _ = try images.convert(["-size", "4x3", "xc:red", folder + "/x.png"])
        }
        let roots = [images.path("first"), images.path("second")]
        let walked = PhotoWalker(paths: roots, recursive: true).walkAll().folders.map(\.path)
        #expect(
            walked
                == [
                    "first", "first/a", "first/a/b", "first/a/B2", "first/a b", "first/img2", "first/img10", "first/Z",
                    "second", "second/sub",
                ].map(images.file))
        let rootPaths = roots.map { FilePath($0) }
        for shuffled in [walked.reversed(), walked.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }] {
            #expect(shuffled.sorted { PhotoWalker.walksBefore($0, $1, roots: rootPaths) } == walked)
        }
        #expect(!PhotoWalker.walksBefore(walked[3], walked[3], roots: rootPaths))
        // A folder not there yet sorts into its place all the same: "first/a/c" after "first/a/B2", before "first/a b".
        #expect(PhotoWalker.walksBefore(walked[3], images.file("first/a/c"), roots: rootPaths))
        #expect(PhotoWalker.walksBefore(images.file("first/a/c"), walked[4], roots: rootPaths))
    }

    @Test func theFolderOfLooseFilesComesWhereItsFirstFileDoes() throws {
        let images = try GeneratedImages()
        let roots = [images.file("second/x.png"), images.file("first")]
        #expect(PhotoWalker.walksBefore(images.file("second"), images.file("first"), roots: roots))
        // under no root: last
        #expect(PhotoWalker.walksBefore(images.file("first/sub"), images.file("elsewhere"), roots: roots))
    }
}
