import SystemPackage
import Testing

@testable import WaterfallPhotos

/// The decoder worker's framing: every request, every answer and every `PhotoError` case come back exactly as they
/// were framed; bytes that are no message are refused by name.
struct DecoderMessageTests {
    /// A message's body: the framed bytes after their 4-byte little-endian length, which must count them.
    func body(_ framed: [UInt8]) -> [UInt8] {
        let length = framed.prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(length == framed.count - 4)
        return Array(framed.dropFirst(4))
    }

    @Test func everyRequestRoundTrips() throws {
        let notUTF8 = FilePath(bytes: Array("/tmp/clip-".utf8) + [0xFF, 0xFE] + Array(".mp4".utf8))
        for request in [DecoderRequest.header(notUTF8), .thumbnail(notUTF8, width: 246, background: 0x102030)] {
            #expect(try DecoderRequest(body: body(request.framed)) == request)
        }
        // The version byte, then the kind, then the path's length and bytes.
        #expect(DecoderRequest.header(FilePath("/a")).framed == [8, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0x2F, 0x61])
    }

    @Test func everyAnswerAndEveryErrorRoundTrips() throws {
        let profile = ColorProfile(
            bytes: [UInt8](repeating: 0, count: 36) + Array("acsp".utf8) + [UInt8](repeating: 7, count: 100))
        let errors: [PhotoError] = [
            .empty, .notAnImage, .truncated(.video), .unsupported(.video, "no video stream"),
            .unsupportedCodec(.video, codec: "vvc"), .tooLarge(width: 70_000, height: 3),
            .unreadable("Permission denied"), .vanished, .failedBefore("truncated JPEG"),
            .timedOut(.video, seconds: 0.3), .decoderCrashed(.video, how: "signal 11"),
            .decoderMissing(.video, executable: "waterfall-decoder"), .decoderFailed(.video, "a message cut short"),
            .unsupportedRAWCamera, .rawHasNoPreview, .truncated(.raw), .decoderCrashed(.raw, how: "signal 6"),
        ]
        let answers: [DecoderAnswer] =
            [
                .header(
                    ImageHeader(
                        format: .video, width: 1920, height: 1080, orientation: .right,
                        dateTaken: "2024:05:01 12:30:00", duration: 7.25)),
                .header(ImageHeader(format: .jpeg, width: 1, height: 2)),
                .header(ImageHeader(format: .raw, width: 1600, height: 1200, orientation: .left)),
                .thumbnail(Thumbnail(width: 2, height: 1, pixels: [0xFF0000, 0x0000FF]), isOpaque: true, profile: nil),
                .thumbnail(Thumbnail(width: 1, height: 1, pixels: [0x123456]), isOpaque: false, profile: profile),
            ] + errors.map(DecoderAnswer.failure)
        #expect(profile != nil)
        for answer in answers {
            #expect(try DecoderAnswer(body: body(answer.framed)) == answer)
        }
    }

    @Test func bytesThatAreNoMessageAreRefusedByName() {
        let header = DecoderAnswer.header(ImageHeader(format: .video, width: 64, height: 48, duration: 4))
        var wrongVersion = body(header.framed)
        wrongVersion[0] = 7
        #expect(throws: DecoderFrameError(reason: "a message of version 7")) { try DecoderAnswer(body: wrongVersion) }
        #expect(throws: DecoderFrameError(reason: "a message cut short")) {
            try DecoderAnswer(body: Array(body(header.framed).dropLast()))
        }
        #expect(throws: DecoderFrameError(reason: "1 bytes after the message")) {
            try DecoderAnswer(body: body(header.framed) + [0])
        }
        #expect(throws: DecoderFrameError(reason: "an answer of kind 9")) { try DecoderAnswer(body: [1, 9]) }
        #expect(throws: DecoderFrameError(reason: "a format named PSD")) {
            try DecoderAnswer(body: [1, 3, 3, 3, 0, 0, 0] + Array("PSD".utf8))
        }
        #expect(throws: DecoderFrameError(reason: "a thumbnail of 2 × 2 with 3 pixels")) {
            try DecoderAnswer(body: [1, 2, 2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0])
        }
        #expect(throws: DecoderFrameError(reason: "a request of kind 5")) { try DecoderRequest(body: [1, 5]) }
    }
}
