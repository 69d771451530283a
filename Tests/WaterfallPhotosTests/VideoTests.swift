import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Videos made by the `ffmpeg` CLI (lavfi colours: red for 0.2 s, then blue, a keyframe every 0.2 s, 4 s long) in
/// each container: told by their magic numbers, the header's display size, rotation and duration without a frame
/// decoded, the poster frame at 10 % (blue), not the first frame (red), and the files that cannot be shown refused
/// with their reason.
struct VideoTests {
    func bytes(of path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Whether `pixel` (0xRRGGBB) is within `tolerance` of `expected` in each channel.
    func near(_ pixel: UInt32, _ expected: UInt32, tolerance: Int = 24) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(pixel >> $0 & 0xFF) - Int(expected >> $0 & 0xFF)) <= tolerance }
    }

    /// The containers and codecs the tests make: an MP4 of H.264, a MOV of MPEG-4 part 2, a Matroska of H.264, a WebM
    /// of VP8.
    static let containers: [(name: String, codec: String)] = [
        ("clip.mp4", "libx264"), ("clip.mov", "mpeg4"),
        ("clip.mkv", "libx264"), ("clip.webm", "libvpx"),
    ]

    @Test func theFormatIsToldByTheMagicNumber() throws {
        let images = try GeneratedImages()
        for (name, codec) in Self.containers {
            let path = try images.twoColourVideo(name, codec: codec)
            #expect(ImageFormat(magic: try bytes(of: path)) == .video, "\(name)")
        }
        #expect(ImageFormat.video.rawValue == "video")
        #expect(ImageFormat.video.mimeTypes == ["video/mp4", "video/quicktime", "video/x-matroska", "video/webm"])
        #expect(ImageFormat(magic: HeaderBytes.be32(20) + Array("ftypM4A \0\0\0\0M4A isom".utf8)) == nil)  // audio
    }

    @Test func theHeaderGivesTheSizeAndDurationOfEachContainer() throws {
        let images = try GeneratedImages()
        for (name, codec) in Self.containers {
            let path = try images.twoColourVideo(name, codec: codec)
            let expected = ImageHeader(format: .video, width: 64, height: 48, duration: 4)
            #expect(try PhotoFile.readHeader(path: FilePath(path)) == expected, "\(name)")
            #expect(try ImageHeader.read(bytes(of: path)) == expected, "\(name)")
        }
    }

    @Test func thePosterIsTheFrameAtATenthNotTheFirst() throws {
        let images = try GeneratedImages()
        let decoder = BuiltWorker.decoder()
        for (name, codec) in Self.containers {
            let path = try images.twoColourVideo(name, codec: codec, first: "red", rest: "0x2050C0")
            let poster = try decoder.thumbnail(ofFile: FilePath(path), width: 32)
            #expect(poster.width == 32 && poster.height == 24, "\(name)")
            #expect(poster.pixels.allSatisfy { near($0, 0x2050C0) }, "\(name): \(String(poster[16, 12], radix: 16))")
            let fromBytes = try VideoDecoder.thumbnail(of: bytes(of: path), width: 32)
            #expect(fromBytes == poster, "\(name)")
        }
    }

    @Test func aPhonesRotatedVideoIsPortrait() throws {
        let images = try GeneratedImages()
        let landscape = try images.twoColourVideo("landscape.mp4", width: 64, height: 32)
        let path = try images.ffmpeg(
            ["-i", landscape, "-c", "copy", "-metadata:s:v:0", "rotate=90"], to: "portrait.mp4")
        #expect(try images.ffprobe(path, entries: "stream_side_data=rotation").contains("rotation=90"))
        let header = try PhotoFile.readHeader(path: FilePath(path))
        #expect(header == ImageHeader(format: .video, width: 64, height: 32, orientation: .left, duration: 4))
        #expect(header.orientedSize == (32, 64))
        let poster = try VideoDecoder.thumbnail(ofFile: FilePath(path), width: 16)
        #expect(poster.width == 16 && poster.height == 32)
        #expect(poster.pixels.allSatisfy { near($0, 0x0000FF) })
    }

    @Test func anAnamorphicVideoShowsAtItsDisplayAspect() throws {
        let images = try GeneratedImages()
        // 64 × 48 coded, 16:9 shown: a sample aspect ratio of 4:3.
        let path = try images.twoColourVideo("wide.mkv", options: ["-aspect", "16:9"])
        #expect(
            try PhotoFile.readHeader(path: FilePath(path))
                == ImageHeader(format: .video, width: 85, height: 48, duration: 4))
        let poster = try VideoDecoder.thumbnail(ofFile: FilePath(path), width: 64)
        #expect(poster.width == 64 && poster.height == 36)
    }

    @Test func aTruncatedVideoIsNamed() throws {
        let images = try GeneratedImages()
        let whole = try bytes(of: images.twoColourVideo("whole.mp4"))
        // The index (`moov`) follows the frames: half the file has none.
        let cut = try images.write(Array(whole.prefix(whole.count / 2)), to: "cut.mp4")
        #expect(throws: PhotoError.truncated(.video)) { try PhotoFile.readHeader(path: FilePath(cut)) }
        #expect(PhotoError.truncated(.video).description == "truncated video")
        // A Matroska's header comes first: its header reads, and its frames are missing.
        let mkv = try bytes(of: images.twoColourVideo("whole.mkv"))
        let cutMKV = try images.write(Array(mkv.prefix(600)), to: "cut.mkv")
        #expect(throws: PhotoError.truncated(.video)) {
            try BuiltWorker.decoder().thumbnail(ofFile: FilePath(cutMKV), width: 32)
        }
    }

    @Test func anAudioOnlyFileHasNoVideoStream() throws {
        let images = try GeneratedImages()
        let path = try images.ffmpeg(
            ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "-f", "mp4"], to: "voice.mp4")
        #expect(ImageFormat(magic: try bytes(of: path)) == .video)  // isom: the brand does not tell
        #expect(throws: PhotoError.unsupported(.video, "no video stream")) {
            try PhotoFile.readHeader(path: FilePath(path))
        }
        #expect(PhotoError.unsupported(.video, "no video stream").description == "unsupported video: no video stream")
    }

    @Test func anUnsupportedCodecIsNamed() {
        #expect(PhotoError.unsupportedCodec(.video, codec: "vvc").description == "unsupported video codec: vvc")
    }

    @Test func theWalkFindsVideosAsPhotos() throws {
        let images = try GeneratedImages()
        try images.twoColourVideo("a.mp4")
        try images.twoColourVideo("b.webm", codec: "libvpx")
        try images.write(Array("notes\n".utf8), to: "notes.txt")
        let walk = PhotoWalker(paths: [images.folder.path]).usingBuiltWorker().walkAll()
        #expect(walk.counts.found == 2 && walk.counts.skipped == 1 && walk.counts.skippedKinds == [.other: 1])
    }

    @Test func aDeadlinePassedStopsFFmpegWithItsReason() throws {
        let images = try GeneratedImages()
        let bytes = try bytes(of: images.twoColourVideo("clip.mkv"))
        let reason = PhotoError.unsupported(.video, "timed out after 5 s")
        // The source's budget is already spent: its first read fails, and the interrupt callback says stop.
        #expect(throws: reason) {
            try bytes.withUnsafeBytes { bytes in
                try VideoInput.bytes(bytes).withSource(within: .spent) { try VideoContext($0).header }
            }
        }
        #expect(reason.description == "unsupported video: timed out after 5 s")
    }
}
