import Foundation
import SystemPackage

/// Decodes thumbnails on worker threads, one per core and at least two, each with a decoder of its own: the most
/// wanted job first. `want(_:)` replaces the queue, so a job for a card that left the screen before a worker took
/// it never starts; a job already running finishes. Results wait in `takeResults()`, and `onResult` (any thread)
/// tells the program there are some. The workers run at a lower priority (`workerNiceness`), so the thread that
/// draws, and the X server, get a core before them; `concurrentJobLimit` lets a program keep a core free of them
/// while the user scrolls. A `WishWorker` runs the jobs.
public final class ThumbnailPool: Sendable {
    /// One thumbnail to make: the file, the width in device pixels, and the program's number for it.
    public struct Job: Hashable, Sendable {
        /// The program's number for the job (a card's index).
        public var id: Int
        /// The photo's file.
        public var path: FilePath
        /// The thumbnail's width in device pixels.
        public var width: Int

        /// The job of making `path`'s thumbnail `width` pixels wide, numbered `id`.
        public init(id: Int, path: FilePath, width: Int) {
            self.id = id
            self.path = path
            self.width = width
        }
    }

    /// A finished job: its thumbnail, or why there is none, and how long the decode took.
    public struct Result: Sendable {
        /// The job.
        public var job: Job
        /// The thumbnail, or the reason the photo cannot be shown.
        public var outcome: Swift.Result<Thumbnail, PhotoError>
        /// Where the thumbnail came from (`.decoded` for a failure).
        public var source: ThumbnailDecoder.Source
        /// The decode's duration in seconds, for the event log (never for a test's judgement).
        public var seconds: Double
        /// The perceptual hash of the thumbnail made (`PerceptualHash`, about 36 µs), for the groups of near-duplicates;
        /// `nil` for a failure.
        public var hash: PerceptualHash?
    }

    private let worker: WishWorker<Job, Result>

    /// The number of workers the pool was made with.
    public var workerCount: Int { worker.threadCount }

    /// The workers' niceness (`setpriority(2)` of each worker's thread): Linux's scheduler then gives a waking
    /// thread of normal priority the core at once, and the workers about a tenth of it while both want it.
    public static let workerNiceness: Int32 = 19

    /// The number of workers by default: one per core the process may run on (`AvailableCores`), at least two.
    public static var defaultWorkerCount: Int { max(2, AvailableCores.count) }

    /// A pool of `workers` threads whose decoders lay transparency over `background` and convert colours to
    /// `displayProfile` (`nil`: an sRGB display; see `ThumbnailDecoder.displayProfile`), reading and writing the shared
    /// thumbnail `cache` when given (see `ThumbnailDecoder.thumbnail(ofFile:width:cache:)`), calling `onResult` from
    /// a worker's thread whenever a job finishes. Videos, RAWs and AVIFs' pixels are read by a `DecoderProcess` of
    /// `decoderExecutable` (`nil`: `waterfall-decoder` on `PATH`). Call `stop()` when done: the workers run until then
    /// (they start at the first job). A pool of no workers only keeps its queue. `loopThread` checks that results are
    /// taken on one thread.
    public init(
        workers: Int = ThumbnailPool.defaultWorkerCount, background: UInt32, displayProfile: ColorProfile? = nil,
        cache: SharedThumbnailCache? = nil, decoderExecutable: String? = nil,
        loopThread: LoopThreadChecker = LoopThreadChecker(),
        onResult: @escaping @Sendable () -> Void
    ) {
        let share = CoreShare(cores: AvailableCores.count)
        worker = WishWorker(
            threads: workers, name: "thumbnails", niceness: Self.workerNiceness, loopThread: loopThread,
            wake: onResult
        ) {
            let decoder = ThumbnailDecoder(worker: DecoderProcess(executable: decoderExecutable))
            decoder.background = background
            decoder.displayProfile = displayProfile
            return { job, _ in
                share.run { threads in
                    decoder.threads = threads
                    return Self.decode(job, with: decoder, cache: cache)
                }
            }
        }
    }

    /// Stops the workers and waits until each has left its loop (a decode under way finishes first, and its result
    /// waits in `takeResults()`); queued jobs never start.
    public func stop() { worker.stop() }

    /// Makes `jobs` the queue, in that order: queued jobs not among them are dropped, and jobs running now or
    /// finished and not yet taken are not queued again.
    /// - Complexity: O(`jobs`).
    public func want(_ jobs: [Job]) { worker.want(jobs) }

    /// The most jobs that run at once, from 1 to `workerCount` (all the workers, at first). A program lowers it while
    /// the user scrolls, so that the thread that draws and the X server keep a core to themselves (a worker busy
    /// on every core makes a frame wait for the scheduler), and raises it again when the scrolling stops. A lower
    /// limit stops no job already running; a raised one starts queued jobs at once.
    public var concurrentJobLimit: Int {
        get { worker.concurrentJobLimit }
        set { worker.concurrentJobLimit = newValue }
    }

    /// The jobs queued, most wanted first.
    public var queuedJobs: [Job] { worker.queuedJobs }

    /// Whether the pool has nothing to do and nothing to give: no job queued or running, no result untaken.
    public var isIdle: Bool { worker.isIdle }

    /// The jobs of the files at `paths` that are running now or finished and not yet taken: their thumbnails show the
    /// files as they were when the jobs started. A program that learns that those files changed drops their results
    /// (`takeResults()` still hands them out) and asks again: once taken, a job may be queued again.
    public func jobsUnderWay(of paths: Set<FilePath>) -> Set<Job> {
        worker.jobsUnderWay.filter { paths.contains($0.path) }
    }

    /// The results finished since the last call, in the order they finished. On the loop thread (checked in debug
    /// builds).
    public func takeResults() -> [Result] { worker.takeFinished().map(\.output) }

    /// Decodes `job` with a worker's `decoder`.
    private static func decode(_ job: Job, with decoder: ThumbnailDecoder, cache: SharedThumbnailCache?) -> Result {
        let start = DispatchTime.now()
        let outcome: Swift.Result<Thumbnail, PhotoError>
        var source = ThumbnailDecoder.Source.decoded
        do {
            let made = try decoder.thumbnail(ofFile: job.path, width: job.width, cache: cache)
            outcome = .success(made.thumbnail)
            source = made.source
        } catch {
            outcome = .failure(error as? PhotoError ?? .unsupported(.jpeg, "\(error)"))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let hash = try? PerceptualHash(outcome.get())
        return Result(job: job, outcome: outcome, source: source, seconds: seconds, hash: hash)
    }
}
