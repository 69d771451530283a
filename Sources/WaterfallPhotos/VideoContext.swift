import CFFmpeg

/// A video container opened by libavformat through a custom `AVIOContext` over a `VideoSource`, and its video
/// stream: what its header says (the display size, the rotation, the duration) without decoding a frame. Owns the
/// format context and the I/O context; frees them in `deinit`.
final class VideoContext {
    let format: UnsafeMutablePointer<AVFormatContext>
    private let io: UnsafeMutablePointer<AVIOContext>
    let source: VideoSource
    /// The video stream's index and the stream.
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>

    /// How much libavformat may read to identify the container and its streams, and how much of the stream's time it
    /// may look at, when the container's header does not say a stream's size.
    static let probeSize: Int64 = 1 << 20
    static let analyzeDuration: Int64 = Int64(AV_TIME_BASE) / 2
    /// The size of the buffer libavformat reads through.
    static let bufferSize = 32 << 10

    /// FFmpeg prints nothing: what goes wrong is thrown as a `PhotoError`. (FFmpeg's own global log level, set once.)
    private static let quiet: Void = av_log_set_level(AV_LOG_QUIET)

    /// Opens the container `source` reads (`avformat_open_input`) and finds its video stream; reads the streams'
    /// packets (`avformat_find_stream_info`, bounded by `probeSize` and `analyzeDuration`) only when the container's
    /// header does not give the stream's size.
    /// - Throws: `PhotoError.truncated(.video)` when FFmpeg fails after looking past the file's end;
    ///   `.unsupported(.video, ...)` with FFmpeg's reason otherwise, or "no video stream" for audio alone.
    init(_ source: VideoSource) throws {
        _ = Self.quiet
        self.source = source
        guard let buffer = av_malloc(Self.bufferSize)?.assumingMemoryBound(to: UInt8.self) else {
            throw PhotoError.unsupported(.video, "out of memory")
        }
        let opaque = Unmanaged.passUnretained(source).toOpaque()
        guard
            let io = avio_alloc_context(
                buffer, Int32(Self.bufferSize), 0, opaque,
                { opaque, buffer, count in
                    guard let source = VideoSource.of(opaque), let buffer else { return waterfall_averror_exit() }
                    return source.read(
                        into: buffer, count: Int(count), endOfFile: waterfall_averror_eof(),
                        exit: waterfall_averror_exit())
                }, nil,
                { opaque, offset, whence in
                    guard let source = VideoSource.of(opaque) else { return -1 }
                    return whence & AVSEEK_SIZE != 0
                        ? Int64(source.size) : source.seek(to: offset, whence: whence & ~AVSEEK_FORCE)
                })
        else {
            av_free(buffer)
            throw PhotoError.unsupported(.video, "out of memory")
        }
        self.io = io
        guard let allocated = avformat_alloc_context() else {
            Self.free(io)
            throw PhotoError.unsupported(.video, "out of memory")
        }
        allocated.pointee.pb = io
        allocated.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        allocated.pointee.probesize = Self.probeSize
        allocated.pointee.max_analyze_duration = Self.analyzeDuration
        allocated.pointee.interrupt_callback = AVIOInterruptCB(
            callback: { opaque in
                VideoSource.of(opaque)?.isOverBudget == true ? 1 : 0
            }, opaque: opaque)
        var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
        let status = avformat_open_input(&opened, nil, nil, nil)  // frees the context when it fails
        guard status >= 0, let opened else {
            Self.free(io)
            throw Self.error(status, source)
        }
        format = opened
        // From here on, `deinit` frees both contexts.
        var index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        if index >= 0, opened.pointee.streams[Int(index)]?.pointee.codecpar.pointee.width ?? 0 <= 0 {
            let found = avformat_find_stream_info(opened, nil)
            guard found >= 0 else {
                Self.close(opened, io)
                throw Self.error(found, source)
            }
            index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        }
        guard index >= 0, let stream = opened.pointee.streams[Int(index)] else {
            Self.close(opened, io)
            throw source.failure ?? PhotoError.unsupported(.video, "no video stream")
        }
        streamIndex = index
        self.stream = stream
    }

    deinit { Self.close(format, io) }

    /// Closes the format context, then frees the I/O context and its buffer (libavformat leaves a custom one alone).
    private static func close(_ format: UnsafeMutablePointer<AVFormatContext>, _ io: UnsafeMutablePointer<AVIOContext>)
    {
        var format: UnsafeMutablePointer<AVFormatContext>? = format
        avformat_close_input(&format)
        free(io)
    }

    /// Frees the I/O context and its buffer (which libavformat may have replaced).
    private static func free(_ io: UnsafeMutablePointer<AVIOContext>) {
        withUnsafeMutablePointer(to: &io.pointee.buffer) { av_freep($0) }
        var io: UnsafeMutablePointer<AVIOContext>? = io
        avio_context_free(&io)
    }

    /// The `PhotoError` for FFmpeg's failure `status` while reading `source`: what the source noted (the spent budget,
    /// a read that failed), "truncated video" when FFmpeg looked past the file's end, else FFmpeg's reason.
    static func error(_ status: Int32, _ source: VideoSource) -> PhotoError {
        if let failure = source.failure { return failure }
        if source.ranPastEnd || status == waterfall_averror_eof() { return .truncated(.video) }
        return .unsupported(.video, reason(status))
    }

    /// FFmpeg's words for the error code `status` (`av_strerror`).
    static func reason(_ status: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        av_strerror(status, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The video stream's coded size, as its codec parameters give it.
    var codedSize: (width: Int, height: Int) {
        guard let parameters = stream.pointee.codecpar else { return (0, 0) }
        return (Int(parameters.pointee.width), Int(parameters.pointee.height))
    }

    /// The size the video shows at before its rotation: the coded size with the sample aspect ratio (the stream's or
    /// the codec's, `av_guess_sample_aspect_ratio`) applied to its width.
    var displaySize: (width: Int, height: Int) {
        let coded = codedSize
        let ratio = av_guess_sample_aspect_ratio(format, stream, nil)
        guard ratio.num > 0, ratio.den > 0, ratio.num != ratio.den else { return coded }
        return (Int((Double(coded.width) * Double(ratio.num) / Double(ratio.den)).rounded()), coded.height)
    }

    /// How to turn the frames upright: the stream's display matrix (`av_display_rotation_get`, anticlockwise degrees)
    /// as the quarter turn clockwise (`.right`), half turn (`.down`) or quarter turn anticlockwise (`.left`) that
    /// shows it; `.up` without one. (A phone records a portrait video as landscape frames and a 90° matrix.)
    var orientation: ExifOrientation {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
            size >= 9 * MemoryLayout<Int32>.size
        else {
            return .up
        }
        let anticlockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard anticlockwise.isFinite else { return .up }
        let clockwise = ((-Int((anticlockwise / 90).rounded()) % 4) + 4) % 4
        return [.up, .right, .down, .left][clockwise]
    }

    /// The duration in seconds: the container's, else the stream's; `nil` when neither is known.
    var duration: Double? {
        if format.pointee.duration != waterfall_av_nopts_value(), format.pointee.duration > 0 {
            return Double(format.pointee.duration) / Double(AV_TIME_BASE)
        }
        let timeBase = stream.pointee.time_base
        guard stream.pointee.duration != waterfall_av_nopts_value(), stream.pointee.duration > 0, timeBase.den > 0
        else { return nil }
        return Double(stream.pointee.duration) * Double(timeBase.num) / Double(timeBase.den)
    }

    /// The header: the display size, the rotation and the duration.
    var header: ImageHeader {
        let size = displaySize
        return ImageHeader(
            format: .video, width: size.width, height: size.height, orientation: orientation, duration: duration)
    }
}
