#if canImport(Glibc)
    import Glibc
#endif

/// A budget of the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): a decode that has computed for that long is
/// stopped, however long a busy machine kept it waiting for a core. A wall-clock deadline would fail a short video on a
/// machine that compiles beside it; a decoder stuck in a loop spends CPU and is stopped all the same. A read blocked on
/// a dead mount spends none: the worker's owner (`DecoderProcess`) kills that one by the clock on the wall.
struct ThreadTimeBudget {
    /// The thread's CPU time at which the budget is spent.
    let end: Duration

    /// A budget of `duration` from now, for the calling thread.
    init(_ duration: Duration) {
        end = Self.now + duration
    }

    /// A budget already spent (a test's).
    static var spent: ThreadTimeBudget { ThreadTimeBudget(.seconds(-1)) }

    /// The calling thread's CPU time so far.
    static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Whether the thread has computed past the budget.
    var isSpent: Bool { Self.now >= end }
}
