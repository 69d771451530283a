import WaterfallPhotos

/// The fuzz input as a photo file: its header and EXIF read, then decoded to a thumbnail. Either ends in a result
/// within the limits, or in a `PhotoError`; a decoder fed any bytes must never crash. The header is read twice: from
/// the whole bytes, and as a file on disk is read, from its first bytes and then in small pieces where the walk over
/// its segments and chunks needs them; both must give the same header or the same error. The photo information is read
/// from the file's EXIF and from the whole input as a TIFF structure (`checkInfo`). A TIFF goes the same way: its IFD0
/// read in pieces must give the header the whole bytes give, and libtiff decodes it from memory under the same limits.
/// A GIF's header is its logical
/// screen's size and its decode giflib's first frame only (an interlaced, offset, transparent first frame of two seeds
/// it: Fuzz/corpus/tiny-animated.gif). A JPEG XL's header is libjxl's basic info, fed the first bytes and more as it
/// asks, and its decode libjxl's first frame (a container with alpha and orientation 6, tiny-alpha-right.jxl, and a
/// lossy codestream, tiny-lossy.jxl, seed it).
/// A HEIC's or AVIF's header is parsed by libheif through the same pieces, and its
/// decode is libheif's (a stored thumbnail seeds Fuzz/corpus/tiny-thumbnail.heic, irot Fuzz/corpus/tiny-irot.avif).
/// A video's header is libavformat's, through a custom AVIOContext over the same pieces, and its decode FFmpeg's poster
/// frame from the bytes (a 16 × 16 two-frame H.264 MP4 with a 90° display matrix, Fuzz/corpus/tiny-rotated.mp4, and a
/// VP8 WebM, tiny.webm, seed it).
/// A camera RAW's header and decode are libraw's through `libraw_open_buffer` on the fuzz bytes (read as a file too,
/// the header's pieces give the whole bytes to libraw): its preview's size and flip, then `libraw_unpack_thumb` and
/// TurboJPEG (a DNG with a 16 × 8 JPEG preview and orientation 6 seeds it: Fuzz/corpus/tiny-preview-right.dng).
enum ImageFuzz {
    /// One decoder for every input, as a worker keeps one; videos decoded in this process (no worker): their crashes are
    /// what fuzzing looks for. It decodes as the worker and the pool do: an AVIF's AV1 through dav1d (whose complaints
    /// go to the fuzzer's output), a JPEG XL's groups over two threads.
    nonisolated(unsafe) static let decoder: ThumbnailDecoder = {
        let decoder = ThumbnailDecoder(worker: nil)
        decoder.av1 = .dav1d
        decoder.threads = 2
        return decoder
    }()

    static func run(_ input: [UInt8]) {
        // as a sidecar and as embedded XMP (Fuzz/corpus/darktable-sidecar.xmp, tiny-xmp-rating.jpg)
        _ = PhotoSidecar.exercise(input)
        let whole = Result { try ImageHeader.read(input) }
        checkReadAsAFile(input, gives: whole)
        checkInfo(PhotoInfo(exif: input[...]))
        if let info = try? PhotoInfo(fileBytes: input) { checkInfo(info) }
        do {
            let header = try whole.get()
            precondition(
                header.width > 0 && header.height > 0 && header.width <= ImageHeader.maximumSide
                    && header.height <= ImageHeader.maximumSide
                    && header.width * header.height <= ImageHeader.maximumPixels,
                "a header of \(header.width) × \(header.height) passed its limits")
            let upright = header.orientedSize
            precondition(upright.width * upright.height == header.width * header.height, "orientation changed the area")
        } catch {
            return  // a PhotoError naming the problem: the only error the reader throws
        }
        do {
            let thumbnail = try decoder.thumbnail(of: input, width: 64)
            precondition(
                thumbnail.width >= 1 && thumbnail.width <= 64 && thumbnail.height >= 1,
                "a thumbnail of \(thumbnail.width) × \(thumbnail.height)")
            precondition(
                thumbnail.pixels.count == thumbnail.width * thumbnail.height, "a thumbnail's pixels do not fill it")
        } catch {
            return
        }
    }

    /// Checks `info` as its reader promises it: texts of at most 256 bytes, positive numbers, a position on the globe;
    /// its texts made without a trap.
    static func checkInfo(_ info: PhotoInfo) {
        for text in [info.dateTaken, info.make, info.model, info.lens].compactMap({ $0 }) {
            precondition(!text.isEmpty && text.utf8.count <= 256 * 3, "a text of \(text.utf8.count) bytes")
        }
        precondition(
            [info.fNumber, info.focalLength, info.exposureTime?.value].allSatisfy { ($0 ?? 1) > 0 },
            "a number not positive")
        precondition((info.iso ?? 1) > 0 && (info.focalLength35mm ?? 1) > 0, "a count not positive")
        if let position = info.position {
            precondition(
                abs(position.latitude) <= 90 && abs(position.longitude) <= 180, "a position off the globe: \(position)")
        }
        _ = [info.camera, info.exposureLine, info.summary, info.positionText, info.dateTakenComponents?.text]
    }

    /// Reads the header of `input` as `PhotoFile` reads a file, with reads far smaller than a file's (which the
    /// input's length picks, so the fuzzer tries reads that end anywhere), and checks that it is `expected`, the
    /// header of the whole bytes, or the same error.
    static func checkReadAsAFile(_ input: [UInt8], gives expected: Result<ImageHeader, any Error>) {
        let reads = HeaderReads(startLimit: 16 + input.count % 241, blockSize: 1 + input.count % 31)
        // At least the bytes a format is told by (an ISO file's brands), as a file's first read always holds.
        let start = Array(input.prefix(ImageFormat.bytesRead + input.count % 7))
        let readAsAFile = Result {
            try ImageHeader.read(start: start, size: input.count, reads: reads) { offset, count in
                precondition(
                    offset >= 0 && count >= 0 && offset + count <= input.count,
                    "a read of \(count) bytes at \(offset) of \(input.count)")
                return Array(input[offset..<(offset + count)])
            }
        }
        guard !isLibrawsVaryingVerdict(expected, readAsAFile) else { return }
        switch (expected, readAsAFile) {
        case (.success(let header), .success(let other)):
            precondition(header == other, "read as a file, \(other) for \(header)")
        case (.failure(let error), .failure(let other)):
            precondition(
                error as? PhotoError == other as? PhotoError && error is PhotoError,
                "read as a file, the error \(other) for \(error)")
        case (.success(let header), .failure(let error)):
            preconditionFailure("read as a file, the error \(error) for \(header)")
        case (.failure(let error), .success(let header)):
            preconditionFailure("read as a file, \(header) for the error \(error)")
        }
    }

    /// Whether the two reads disagree only in libraw's verdict on a RAW: one says it is no camera libraw knows
    /// (`unsupportedRAWCamera`, LIBRAW_FILE_UNSUPPORTED) and the other read it, or failed otherwise. For some malformed
    /// DNGs libraw's verdict on the same bytes differs from one run to the next (Fuzz/corpus/raw-varying-verdict.dng:
    /// unsupported in about half the runs of one process, read in the rest), which is libraw's state, not the reads':
    /// valgrind shows libraw 0.20's `identify` deciding on a value of `parse_tiff_ifd`'s stack that nothing set.
    static func isLibrawsVaryingVerdict(
        _ one: Result<ImageHeader, any Error>, _ other: Result<ImageHeader, any Error>
    ) -> Bool {
        func saysUnsupported(_ result: Result<ImageHeader, any Error>) -> Bool {
            if case .failure(let error) = result { return error as? PhotoError == .unsupportedRAWCamera }
            return false
        }
        func isRAWOrFailed(_ result: Result<ImageHeader, any Error>) -> Bool {
            if case .success(let header) = result { return header.format == .raw }
            return true
        }
        return (saysUnsupported(one) && isRAWOrFailed(other)) || (saysUnsupported(other) && isRAWOrFailed(one))
    }
}
