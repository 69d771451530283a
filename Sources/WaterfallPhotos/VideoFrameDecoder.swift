import CFFmpeg

/// The decoder of a `VideoContext`'s video stream (libavcodec): one thread, frames above `ImageHeader.maximumPixels`
/// refused by the codec (`max_pixels`). Owns its codec context, a packet and a frame; frees them in `deinit`.
final class VideoFrameDecoder {
    private let video: VideoContext
    private let codec: UnsafeMutablePointer<AVCodecContext>
    /// The packet read and the frame decoded, reused; `nil` only when out of memory (`init` then throws).
    private let packet: UnsafeMutablePointer<AVPacket>?
    private let frame: UnsafeMutablePointer<AVFrame>?

    /// A decoder for `video`'s stream.
    /// - Throws: `PhotoError.unsupportedCodec` when libavcodec has no decoder for the stream's codec or cannot open it.
    init(_ video: VideoContext) throws {
        self.video = video
        guard let parameters = video.stream.pointee.codecpar else {
            throw PhotoError.unsupported(.video, "no codec parameters")
        }
        let id = parameters.pointee.codec_id
        let name = String(cString: avcodec_get_name(id))
        guard let decoder = avcodec_find_decoder(id) else { throw PhotoError.unsupportedCodec(.video, codec: name) }
        guard let codec = avcodec_alloc_context3(decoder) else { throw PhotoError.unsupported(.video, "out of memory") }
        self.codec = codec
        // From here on, `deinit` frees what was allocated (av_packet_free and av_frame_free take nil).
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw PhotoError.unsupported(.video, "out of memory") }
        codec.pointee.thread_count = 1
        codec.pointee.max_pixels = Int64(ImageHeader.maximumPixels)
        guard avcodec_parameters_to_context(codec, parameters) >= 0, avcodec_open2(codec, decoder, nil) >= 0 else {
            throw PhotoError.unsupportedCodec(.video, codec: name)
        }
    }

    deinit {
        var codec: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&codec)
        var packet = packet
        av_packet_free(&packet)
        var frame = frame
        av_frame_free(&frame)
    }

    /// Seeks to the keyframe at or before `fraction` of the duration (`av_seek_frame` with `AVSEEK_FLAG_BACKWARD`,
    /// from the stream's start time); stays at the start when the duration is unknown or the seek fails.
    func seek(toFraction fraction: Double) {
        guard let duration = video.duration else { return }
        let stream = video.stream.pointee
        guard stream.time_base.num > 0, stream.time_base.den > 0 else { return }
        let start = stream.start_time == waterfall_av_nopts_value() ? 0 : stream.start_time
        let offset = Int64(
            (duration * fraction * Double(stream.time_base.den) / Double(stream.time_base.num)).rounded(.down))
        if av_seek_frame(video.format, video.streamIndex, start + offset, AVSEEK_FLAG_BACKWARD) < 0 {
            // Back to the start, where reading began.
            _ = av_seek_frame(video.format, video.streamIndex, start, AVSEEK_FLAG_BACKWARD)
        }
    }

    /// Calls `body` with the first frame decoded from where the stream is, and returns its result.
    /// - Throws: `PhotoError.truncated(.video)` when the file ends before a frame; `.unsupported(.video, ...)` when no
    ///   frame comes within `VideoDecoder.packetLimit` packets or the CPU budget, or with FFmpeg's reason.
    func firstFrame<Result>(_ body: (UnsafeMutablePointer<AVFrame>) throws -> Result) throws -> Result {
        guard let packet, let frame else { throw PhotoError.unsupported(.video, "out of memory") }
        var packets = 0
        var draining = false
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                return try body(frame)
            }
            if received == waterfall_averror_eof() { throw video.source.failure ?? PhotoError.truncated(.video) }
            guard received == waterfall_averror_eagain() else { throw VideoContext.error(received, video.source) }
            guard !draining else { throw PhotoError.truncated(.video) }
            packets += 1
            guard packets <= VideoDecoder.packetLimit else {
                throw PhotoError.unsupported(.video, "no frame in its first \(VideoDecoder.packetLimit) packets")
            }
            if video.source.isOverBudget { throw video.source.failure ?? PhotoError.truncated(.video) }
            let read = av_read_frame(video.format, packet)
            if read < 0 {
                guard read == waterfall_averror_eof() || video.source.ranPastEnd else {
                    throw VideoContext.error(read, video.source)
                }
                // The file ended: the decoder gives up the frames it holds.
                draining = true
                _ = avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == video.streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            // A damaged packet is skipped: the next keyframe may still decode.
            if sent < 0, sent != waterfall_averror_invaliddata() { throw VideoContext.error(sent, video.source) }
        }
    }
}
