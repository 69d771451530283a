#if canImport(Glibc)
    import Glibc
#endif

/// How long the wall waits for its worker's answer. At first `timeLimit` on the clock; when that passes while the
/// worker is still runnable and has computed for less than `timeLimit` since the request, a busy machine kept it from a
/// core, and it gets another `timeLimit`, up to `maximumWaits` in all. A worker asleep or blocked (a hang, a dead
/// mount) or one that computed its whole limit (a loop) is given up at once.
struct WorkerPatience {
    /// The most periods of `timeLimit` a starved worker is waited for.
    static let maximumWaits = 6

    /// The worker's process ID.
    let worker: pid_t
    /// Reads a process's activity (`WorkerActivity.of`; a test's script).
    private let activity: (pid_t) -> WorkerActivity?
    /// One period of waiting, and the CPU time the worker may use in it.
    let timeLimit: Duration
    /// The worker's CPU time when the request was sent.
    private let startCPUTime: Duration?
    /// When the current period ends.
    private(set) var firstDeadline: ContinuousClock.Instant
    private var waits = 1

    /// Patience with `worker` for one request, from now, reading its activity with `activity`.
    init(
        worker: pid_t, timeLimit: Duration, activity: @escaping (pid_t) -> WorkerActivity? = WorkerActivity.of
    ) {
        self.worker = worker
        self.timeLimit = timeLimit
        self.activity = activity
        startCPUTime = activity(worker)?.cpuTime
        firstDeadline = .now + timeLimit
    }

    /// The end of one more period when the worker is starved, or `nil` to give it up.
    mutating func nextDeadline() -> ContinuousClock.Instant? {
        guard waits < Self.maximumWaits, let startCPUTime, let now = activity(worker),
            now.isRunnable, now.cpuTime - startCPUTime < timeLimit
        else { return nil }
        waits += 1
        return .now + timeLimit
    }
}
