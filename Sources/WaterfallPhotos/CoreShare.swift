import Synchronization

/// The cores shared among the decodes running at once: a decode that starts while it is alone may split its work over
/// every core, one of two over half of them, and so on, never fewer than one. A pool's workers count themselves in
/// and out around each job, so a folder's first photo uses every core until the others start, and a full pool runs
/// one thread per decode.
final class CoreShare: Sendable {
    /// The cores to share.
    let cores: Int
    private let running = Atomic<Int>(0)

    /// A share of `cores` cores (at least one).
    init(cores: Int) {
        self.cores = max(1, cores)
    }

    /// Calls `body` with the threads it may use, counted among the running decodes while it runs.
    func run<Result>(_ body: (_ threads: Int) throws -> Result) rethrows -> Result {
        let count = running.add(1, ordering: .relaxed).newValue
        defer { running.subtract(1, ordering: .relaxed) }
        return try body(max(1, cores / count))
    }
}
