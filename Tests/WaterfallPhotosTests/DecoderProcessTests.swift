import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// The decoder worker through real processes: the real `waterfall-decoder` (built beside the test bundle) answers
/// what the library decodes in this process, exactly; fake workers (shell scripts) that hang, crash or write garbage
/// cost their request a named error, are killed and reaped (no zombie: `waitpid` on their pid says ECHILD), and the
/// next request starts a new worker, here the real one.
struct DecoderProcessTests {
    /// The real worker: beside this test bundle, as beside the `waterfall` program.
    static var realWorker: String { BuiltWorker.path }

    /// A fake worker: a script that, the first time it runs, writes its pid to `pid` and runs `firstTime`; every later
    /// time, it is the real worker.
    func fakeWorker(_ firstTime: String, in images: GeneratedImages) throws -> (executable: String, pidFile: String) {
        let pidFile = images.path("worker.pid")
        let marker = images.path("worker.ran")
        let script = """
            #!/bin/sh
            if [ -e '\(marker)' ]; then exec '\(Self.realWorker)'; fi
            touch '\(marker)'
            echo $$ > '\(pidFile)'
            \(firstTime)

            """
        // Copied into place by `install`, a child: were it written here, a child that another test forks meanwhile could
        // hold it open for writing, and running it would fail with ETXTBSY.
        let source = try images.write(Array(script.utf8), to: "fake-worker.txt")
        let path = images.path("fake-worker.sh")
        let install = try Process.run(
            URL(fileURLWithPath: "/usr/bin/install"), arguments: ["-m", "0755", source, path])
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)
        return (path, pidFile)
    }

    /// Whether the process `pid` (a child of this one) was reaped: it is neither running nor a zombie left to wait for.
    func wasReaped(_ pidFile: String) throws -> Bool {
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(pid_t(text))
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD && kill(pid, 0) == -1 && errno == ESRCH
    }

    @Test func theRealWorkerAnswersWhatTheLibraryDecodesHere() throws {
        let images = try GeneratedImages()
        let inProcess = ThumbnailDecoder(worker: nil)
        let worker = BuiltWorker.process()
        for name in ["clip.mp4", "clip.webm"] {
            let path = FilePath(
                try images.twoColourVideo(
                    name, codec: name.hasSuffix(".webm") ? "libvpx" : "libx264",
                    first: "red", rest: "0x2050C0"))
            let header = try worker.header(ofFile: path, format: .video)
            #expect(header == ImageHeader(format: .video, width: 64, height: 48, duration: 4), "\(name)")
            #expect(header == (try PhotoFile.readHeader(path: path)), "\(name)")
            let poster = try worker.thumbnail(ofFile: path, width: 32, background: 0xFFFFFF, format: .video)
            let expected = try inProcess.withFile(path) { try inProcess.decode($1, header: $0, width: 32, path: path) }
            #expect(
                poster.thumbnail == expected.thumbnail && poster.thumbnail.width == 32 && poster.thumbnail.height == 24,
                "\(name)")
            #expect(poster.isOpaque && poster.profile == nil, "\(name)")
        }
        // One worker for all of them.
        let pid = try #require(worker.pid)
        _ = try worker.header(ofFile: FilePath(images.path("clip.mp4")), format: .video)
        #expect(worker.pid == pid)
    }

    @Test func aNameThatIsNotUTF8AndTheWorkersErrorsComeBackExactly() throws {
        let images = try GeneratedImages()
        let whole = try Data(contentsOf: URL(fileURLWithPath: images.twoColourVideo("whole.mp4")))
        let strange = FilePath(
            bytes: Array(images.folder.path.utf8) + Array("/clip-".utf8) + [0xFF, 0xFE] + Array(".mp4".utf8))
        let written = strange.withPlatformString { fopen($0, "w") }
        let file = try #require(written)
        _ = whole.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        let worker = BuiltWorker.process()
        #expect(
            try worker.header(ofFile: strange, format: .video)
                == ImageHeader(format: .video, width: 64, height: 48, duration: 4))
        let cut = FilePath(try images.write(Array(whole.prefix(whole.count / 2)), to: "cut.mp4"))
        #expect(throws: PhotoError.truncated(.video)) { try worker.header(ofFile: cut, format: .video) }
        #expect(throws: PhotoError.truncated(.video)) {
            try worker.thumbnail(ofFile: cut, width: 32, background: 0, format: .video)
        }
        #expect(throws: PhotoError.vanished) { try worker.header(ofFile: images.file("gone.mp4"), format: .video) }
        let voice = FilePath(
            try images.ffmpeg(
                ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "-f", "mp4"], to: "voice.mp4"))
        #expect(throws: PhotoError.unsupported(.video, "no video stream")) {
            try worker.header(ofFile: voice, format: .video)
        }
    }

    @Test func aHangingWorkerIsKilledAtItsDeadlineAndTheNextRequestStartsANewOne() throws {
        let images = try GeneratedImages()
        let video = FilePath(try images.twoColourVideo("clip.mp4"))
        let fake = try fakeWorker("exec sleep 1000", in: images)
        let worker = DecoderProcess(executable: fake.executable, headerTimeLimit: .milliseconds(300))
        #expect(throws: PhotoError.timedOut(.video, seconds: 0.3)) { try worker.header(ofFile: video, format: .video) }
        #expect(PhotoError.timedOut(.video, seconds: 0.3).description == "video timed out after 0.3 s")
        #expect(PhotoError.timedOut(.video, seconds: 10).description == "video timed out after 10 s")
        #expect(worker.pid == nil)
        #expect(try wasReaped(fake.pidFile))
        #expect(
            try worker.header(ofFile: video, format: .video)
                == ImageHeader(format: .video, width: 64, height: 48, duration: 4))
    }

    @Test func aCrashingWorkerIsReapedAndNamesItsSignal() throws {
        let images = try GeneratedImages()
        let video = FilePath(try images.twoColourVideo("clip.mp4"))
        let fake = try fakeWorker("kill -SEGV $$", in: images)
        let decoder = ThumbnailDecoder(worker: DecoderProcess(executable: fake.executable))
        #expect(throws: PhotoError.decoderCrashed(.video, how: "signal 11")) {
            try decoder.thumbnail(ofFile: video, width: 32)
        }
        #expect(
            PhotoError.decoderCrashed(.video, how: "signal 11").description == "the video decoder crashed (signal 11)")
        #expect(decoder.worker?.pid == nil)
        #expect(try wasReaped(fake.pidFile))
        let poster = try decoder.thumbnail(ofFile: video, width: 32)
        #expect(poster == (try ThumbnailDecoder(worker: nil).thumbnail(ofFile: video, width: 32)))
    }

    @Test func aWorkerWritingGarbageIsKilledWithANamedError() throws {
        let images = try GeneratedImages()
        let video = FilePath(try images.twoColourVideo("clip.mp4"))
        let fake = try fakeWorker("printf 'hello, this is no answer'; exec sleep 1000", in: images)
        let worker = DecoderProcess(executable: fake.executable)
        // "hell", little-endian: a length far above any answer's, refused before anything is allocated.
        #expect(throws: PhotoError.decoderFailed(.video, "an answer of 1819043176 bytes")) {
            try worker.header(ofFile: video, format: .video)
        }
        #expect(try wasReaped(fake.pidFile))
        #expect(try worker.header(ofFile: video, format: .video).duration == 4)
    }

    @Test func aMissingWorkerIsNamed() throws {
        let images = try GeneratedImages()
        let video = FilePath(try images.twoColourVideo("clip.mp4"))
        #expect(throws: PhotoError.decoderMissing(.video, executable: "/nonexistent/waterfall-decoder")) {
            try DecoderProcess(executable: "/nonexistent/waterfall-decoder").header(ofFile: video, format: .video)
        }
        let onPath = PhotoError.decoderMissing(.video, executable: "waterfall-decoder-not-installed")
        #expect(throws: onPath) {
            try DecoderProcess(executable: "waterfall-decoder-not-installed").header(ofFile: video, format: .video)
        }
        #expect(
            PhotoError.decoderMissing(.video, executable: "waterfall-decoder").description
                == "video needs waterfall-decoder, which is not installed")
    }

    @Test func theWalkReadsAVideosHeaderThroughItsWorker() throws {
        let images = try GeneratedImages()
        _ = try images.twoColourVideo("clip.mp4")
        let fake = try fakeWorker("exec sleep 1000", in: images)
        let walker = PhotoWalker(paths: [images.folder.path])
        walker.decoderProcess = DecoderProcess(executable: fake.executable, headerTimeLimit: .milliseconds(200))
        let photos = walker.walkAll().folders.flatMap(\.photos)
        #expect(photos.map(\.name) == ["clip.mp4"])
        #expect(photos.first?.error == .timedOut(.video, seconds: 0.2))
        #expect(try wasReaped(fake.pidFile))
    }

    @Test func aRAWsHeaderAndPreviewAreTheWorkersToo() throws {
        let images = try GeneratedImages()
        // A DNG (by its DNGVersion tag, whatever its name), and a TIFF-based RAW told by its name.
        let dng = try images.dng("shot.dng", previewWidth: 64, previewHeight: 48, color: "#C03020", orientation: 6)
        let named = images.path("shot.tif")
        try FileManager.default.copyItem(atPath: dng, toPath: named)
        let start = try Array(Data(contentsOf: URL(fileURLWithPath: dng)).prefix(PhotoFile.firstRead))
        #expect(ImageFormat.decodedInAWorker(start: start, path: FilePath(dng)) == .raw)
        #expect(ImageFormat.decodedInAWorker(start: start, path: FilePath(named)) == .raw)
        let plainTIFF = try images.convert(["-size", "8x8", "xc:red", "plain.tif"])
        let tiffStart = try Array(Data(contentsOf: URL(fileURLWithPath: plainTIFF)).prefix(PhotoFile.firstRead))
        #expect(ImageFormat.decodedInAWorker(start: tiffStart, path: FilePath(plainTIFF)) == nil)
        #expect(ImageFormat.decodedInAWorker(start: tiffStart, path: FilePath(images.path("plain.nef"))) == .raw)
        // The worker's answers are the library's, and a hanging worker costs the RAW its card, by name.
        let worker = BuiltWorker.process()
        let header = try PhotoFile.readHeader(path: FilePath(dng), worker: worker)
        #expect(header == ImageHeader(format: .raw, width: 64, height: 48, orientation: .right))
        #expect(worker.pid != nil)
        let preview = try worker.thumbnail(ofFile: FilePath(dng), width: 24, background: 0xFFFFFF, format: .raw)
        let inProcess = ThumbnailDecoder(worker: nil)
        let expected = try inProcess.withFile(FilePath(dng)) {
            try inProcess.decode($1, header: $0, width: 24, path: FilePath(dng))
        }
        #expect(
            preview.thumbnail == expected.thumbnail && preview.thumbnail.width == 24 && preview.thumbnail.height == 32)
        let fake = try fakeWorker("exec sleep 1000", in: images)
        let hanging = DecoderProcess(executable: fake.executable, headerTimeLimit: .milliseconds(200))
        #expect(throws: PhotoError.timedOut(.raw, seconds: 0.2)) {
            try PhotoFile.readHeader(path: FilePath(named), worker: hanging)
        }
        #expect(try wasReaped(fake.pidFile))
    }
}
