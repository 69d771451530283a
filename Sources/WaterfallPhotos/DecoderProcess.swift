import Synchronization
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A worker process (`waterfall-decoder`) that reads the headers and decodes the thumbnails of the formats whose
/// libraries may hang or crash (`ImageFormat.decodedInAWorker`: video), as GNOME's thumbnailers run apart from the file
/// manager: a stuck or crashing decoder costs one card its picture, never the wall.
///
/// Started lazily on the first request with `posix_spawn`. A spawn costs 60 to 100 ms to the first answer (measured
/// once, a debug build on a 2-core machine under load: loading the Swift runtime and the decoders' libraries, FFmpeg's
/// among them), and a request to a running worker 0.13 ms: hence one worker per thread, kept for every file, never one
/// per file, with a socket pair as its standard input and output and nothing else of the wall's: it inherits no other
/// descriptor. A request's answer is waited for with `poll(2)` until its deadline (longer while a busy machine keeps
/// the worker from a core: `WorkerPatience`); then, or when the worker dies, or answers garbage, it is killed (SIGKILL)
/// and reaped at once, and the request's file gets a `PhotoError` that says so; the next request starts a new worker.
/// Writes use `MSG_NOSIGNAL`: a dead worker is never a SIGPIPE.
///
/// Not thread-safe: one per thread (a `ThumbnailDecoder`'s, the walk's).
public final class DecoderProcess {
    /// How long a thumbnail may take in the worker: twice FFmpeg's own deadline inside it (`VideoDecoder.timeLimit`,
    /// 5 s), so that a decoder that still returns to FFmpeg's interrupt callback is stopped by it with its own reason,
    /// and the kill is only for one that does not (a loop inside a codec).
    public static let thumbnailTimeLimit = Duration.seconds(10)
    /// How long a header may take in the worker: the header is a container's index, read by FFmpeg under the same
    /// 5 s deadline; a header slower than that holds the walk, which waits for it before the next file.
    public static let headerTimeLimit = Duration.seconds(5)
    /// The worker program's name, looked for on `PATH` when no path is given.
    public static let executableName = "waterfall-decoder"

    /// The worker program this one runs: a path, or a name looked up on `PATH`; `nil` for `executableName` on `PATH`
    /// (a photo wall's workers get the wall's `decoderExecutable`).
    public let executable: String?
    /// How long a header may take before the worker is killed.
    public let headerTimeLimit: Duration
    /// How long a thumbnail may take before the worker is killed.
    public let thumbnailTimeLimit: Duration

    /// The running worker: its pid and the wall's end of its socket.
    private var running: (pid: pid_t, socket: Int32)?

    /// A worker of `executable` (`nil`: `executableName` on `PATH`), not started until the first request, whose
    /// requests may take `headerTimeLimit` and `thumbnailTimeLimit`. A program decides where its worker is (beside
    /// it: `executable(besideProgram:)`) and passes it.
    public init(
        executable: String? = nil, headerTimeLimit: Duration = DecoderProcess.headerTimeLimit,
        thumbnailTimeLimit: Duration = DecoderProcess.thumbnailTimeLimit
    ) {
        self.executable = executable
        self.headerTimeLimit = headerTimeLimit
        self.thumbnailTimeLimit = thumbnailTimeLimit
    }

    deinit { stop() }

    /// The running worker's process ID; `nil` when none runs (none was needed yet, or the last was killed).
    package var pid: pid_t? { running?.pid }

    /// The header of the file at `path`, whose first bytes name `format`, read by the worker.
    /// - Throws: the `PhotoError` the worker read, or `.timedOut`, `.decoderCrashed`, `.decoderMissing`,
    ///   `.decoderFailed` naming `format`.
    public func header(ofFile path: FilePath, format: ImageFormat) throws -> ImageHeader {
        switch try ask(.header(path), format: format, within: headerTimeLimit) {
        case .header(let header): return header
        case .failure(let error): throw error
        case .thumbnail: throw misanswered(format, "a thumbnail for a header")
        }
    }

    /// The thumbnail of the file at `path`, whose first bytes name `format`, `width` pixels wide, transparency laid
    /// over `background`, upright, its colours still the photo's own (with the profile it carries), decoded by the
    /// worker.
    /// - Throws: as `header(ofFile:format:)`.
    func thumbnail(
        ofFile path: FilePath, width: Int, background: UInt32, format: ImageFormat
    ) throws -> ThumbnailDecoder.Decoded {
        switch try ask(
            .thumbnail(path, width: width, background: background), format: format, within: thumbnailTimeLimit)
        {
        case .thumbnail(let thumbnail, let isOpaque, let profile):
            return ThumbnailDecoder.Decoded(thumbnail: thumbnail, isOpaque: isOpaque, profile: profile)
        case .failure(let error): throw error
        case .header: throw misanswered(format, "a header for a thumbnail")
        }
    }

    /// Sends `request` to the worker (started first when none runs) and waits for its answer at most `timeLimit`.
    private func ask(_ request: DecoderRequest, format: ImageFormat, within timeLimit: Duration) throws -> DecoderAnswer
    {
        let worker = try running ?? start(for: format)
        var patience = WorkerPatience(worker: worker.pid, timeLimit: timeLimit)
        guard DecoderDescriptor.write(request.framed, to: worker.socket) else {
            throw PhotoError.decoderCrashed(format, how: stop())  // it died before reading the request
        }
        let answer = DecoderDescriptor.readMessage(from: worker.socket, until: patience.firstDeadline) {
            patience.nextDeadline()
        }
        switch answer {
        case .success(let body):
            do {
                return try DecoderAnswer(body: body)
            } catch {
                throw misanswered(format, error.reason)
            }
        case .failure(.timedOut):
            stop()
            throw PhotoError.timedOut(
                format, seconds: Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18)
        case .failure(.ended), .failure(.cutShort):
            throw PhotoError.decoderCrashed(format, how: stop())
        case .failure(.tooLong(let length)):
            throw misanswered(format, "an answer of \(length) bytes")
        case .failure(.failed(let code)):
            throw misanswered(format, String(cString: strerror(code)))
        }
    }

    /// Kills the worker for a malformed answer, and the error that says `what` was wrong.
    private func misanswered(_ format: ImageFormat, _ what: String) -> PhotoError {
        stop()
        return .decoderFailed(format, what)
    }

    /// Kills and reaps the running worker, if any, and closes its socket; says how it ended: "signal 11" when it had
    /// died of that already (a SIGKILL does not change a dying process's status), "exit status 1", or "signal 9" when
    /// it was killed here.
    @discardableResult
    private func stop() -> String {
        guard let worker = running else { return "not running" }
        running = nil
        close(worker.socket)
        kill(worker.pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(worker.pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? "exit status \((status >> 8) & 0xFF)" : "signal \(signal)"
    }

    /// Starts the worker.
    /// - Throws: `PhotoError.decoderMissing` when its program is not there, `.decoderCrashed` when it cannot start.
    private func start(for format: ImageFormat) throws -> (pid: pid_t, socket: Int32) {
        let named = executable ?? Self.executableName
        switch DecoderSpawn.spawn(FilePath(named)) {
        case .success(let worker):
            running = worker
            return worker
        case .failure(let error)
        where [.noSuchFileOrDirectory, .permissionDenied, .execFormatError, .notDirectory].contains(error):
            throw PhotoError.decoderMissing(format, executable: named)
        case .failure(let error):
            throw PhotoError.decoderCrashed(format, how: "cannot start: \(String(cString: strerror(error.rawValue)))")
        }
    }

    /// `waterfall-decoder` in the folder of the program at `programPath`, when it is there and executable (`nil`
    /// otherwise): where a program installed beside its worker finds it. The program gives its own path (the
    /// `waterfall` program reads its link in `/proc/self`); the library never looks for it.
    public static func executable(besideProgram programPath: String) -> String? {
        let path = FilePath(programPath).removingLastComponent().appending(executableName)
        return path.withPlatformString { access($0, X_OK) } == 0 ? path.string : nil
    }
}
