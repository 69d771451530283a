import Foundation
import Testing
import WaterfallPhotos

@Suite struct PictureMemoryTests {
    /// Set in the child process the test runs its probe in.
    static let probeVariable = "WATERFALL_PICTURE_MEMORY_PROBE"

    /// Whether glibc serves the block at `pointer` with a mapping of its own: IS_MMAPPED (2), a bit of the size word
    /// just before the block (glibc's chunk header).
    static func hasItsOwnMapping(_ pointer: UnsafeMutableRawPointer) -> Bool {
        pointer.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2 != 0
    }

    /// A decoded photo's block (4 MB) freed, then a thumbnail's (256 KB): glibc would have raised its threshold to
    /// 4 MB at the free and carved the thumbnail from the heap; held, the thumbnail has a mapping of its own. In a
    /// process of its own (this test binary, run again on this test alone): the test process's heap holds blocks
    /// other tests freed, which glibc hands out before it maps anew.
    @Test func aThumbnailAfterAFreedPhotoHasAMappingOfItsOwn() throws {
        if ProcessInfo.processInfo.environment[Self.probeVariable] == "1" { return try Self.probe() }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try #require(Bundle.main.executablePath))
        child.arguments = ["--testing-library", "swift-testing", "--filter", "aThumbnailAfterAFreedPhotoHasAMapping"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.probeVariable: "1"]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "\(said)")
        #expect(said.contains("1 test"), "\(said)")
    }

    /// The probe, in the child.
    static func probe() throws {
        PictureMemory.returnFreedPicturesToTheSystem()
        let photo = try #require(malloc(4 << 20))
        #expect(hasItsOwnMapping(photo))
        free(photo)
        let thumbnail = try #require(malloc(256 << 10))
        defer { free(thumbnail) }
        #expect(hasItsOwnMapping(thumbnail))
        let small = try #require(malloc(64 << 10))  // below the threshold: from the heap
        defer { free(small) }
        #expect(!hasItsOwnMapping(small))
    }
}
