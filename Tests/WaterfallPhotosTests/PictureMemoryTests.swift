import CMalloc
import Foundation
import Testing
import WaterfallPhotos

@Suite struct PictureMemoryTests {
    /// Set in the child process the probe runs in: "held" calls `returnFreedPicturesToTheSystem` first, "default"
    /// leaves glibc as it is.
    static let probeVariable = "WATERFALL_PICTURE_MEMORY_PROBE"

    /// Whether glibc serves the block at `pointer` with a mapping of its own: IS_MMAPPED (2), a bit of the size word
    /// just before the block (glibc's chunk header).
    static func hasItsOwnMapping(_ pointer: UnsafeMutableRawPointer) -> Bool {
        pointer.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2 != 0
    }

    /// A decoded photo's block freed, then a thumbnail's: glibc raises its threshold to the photo's size at the free
    /// and carves the thumbnail from the heap; held, the thumbnail has a mapping of its own. The default run shows
    /// that the probe tells the two apart.
    ///
    /// glibc maps a block only when no free chunk and not the heap's top can hold it, so the thumbnail is made larger
    /// than all the free memory the heap has (mallinfo2's `fordblks`), and the photo larger still. Each run is a
    /// process of its own (this test binary, run again on this test alone): the threshold is the process's.
    @Test(arguments: ["held", "default"]) func aThumbnailAfterAFreedPhotoIsMappedOnlyWhenHeld(run: String) throws {
        if let probe = ProcessInfo.processInfo.environment[Self.probeVariable] {
            if probe == run { try Self.probe(held: run == "held") }
            return
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try #require(Bundle.main.executablePath))
        child.arguments = ["--testing-library", "swift-testing", "--filter", "aThumbnailAfterAFreedPhotoIsMapped"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.probeVariable: run]) { $1 }
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
    static func probe(held: Bool) throws {
        if held { PictureMemory.returnFreedPicturesToTheSystem() }
        let megabyte = 1 << 20
        let freeInHeap = Int(mallinfo2().fordblks)
        // glibc raises the threshold at a free only up to 32 MB.
        try #require(freeInHeap < 12 * megabyte, "the child's heap has \(freeInHeap) bytes free")
        let thumbnailSize = freeInHeap + 2 * megabyte
        let photo = try #require(malloc(2 * thumbnailSize))
        #expect(hasItsOwnMapping(photo))
        free(photo)
        let thumbnail = try #require(malloc(thumbnailSize))
        defer { free(thumbnail) }
        #expect(hasItsOwnMapping(thumbnail) == held, "a \(thumbnailSize)-byte thumbnail after a freed photo")
    }
}
