import Glibc

/// Single-shot timers in deadline order, on a clock of nanoseconds.
///
/// Pure Swift and display-free: the clock is injected (`now`), so tests move time by hand. The queue never
/// calls an action itself. Its owner takes the due ones out one at a time (`popExpired(in:)`) and calls each
/// outside any access to the queue, so an action may schedule or cancel timers.
struct TimerQueue {
    typealias Action = () -> Void

    /// One pass over the timers due at one moment: timers scheduled during the pass wait for the next one,
    /// even with a zero delay, so an action that schedules itself again cannot keep a pass going.
    struct Expiry {
        let now: UInt64
        /// The first id not yet handed out when the pass began.
        let firstNewID: UInt64
    }

    private struct Entry {
        let deadline: UInt64
        let token: TimerToken
        let action: Action
    }

    /// The clock, in nanoseconds: `CLOCK_MONOTONIC` unless a test injects its own.
    let now: () -> UInt64
    /// Sorted by deadline, then by id (scheduling order).
    private var entries: [Entry] = []
    private var nextID: UInt64 = 0

    init(now: @escaping () -> UInt64 = monotonicNanoseconds) {
        self.now = now
    }

    /// The number of timers waiting to run.
    var count: Int { entries.count }

    /// Schedules `action` to be due `seconds` from `now()`. Zero, negative and NaN delays mean "due now".
    /// - Complexity: O(n): a binary search, then an insertion into the array.
    @discardableResult
    mutating func schedule(after seconds: Double, _ action: @escaping Action) -> TimerToken {
        let (sum, overflow) = now().addingReportingOverflow(Self.nanoseconds(seconds))
        let entry = Entry(deadline: overflow ? .max : sum, token: TimerToken(id: nextID), action: action)
        nextID += 1
        // The new id is the largest, so it goes after every entry with the same deadline.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].deadline <= entry.deadline { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
        return entry.token
    }

    /// Removes the timer of `token`; does nothing when it already ran or was cancelled.
    /// - Complexity: O(n).
    mutating func cancel(_ token: TimerToken) {
        entries.removeAll { $0.token == token }
    }

    /// How long `poll` may sleep before the earliest deadline: whole milliseconds rounded up, 0 when a timer
    /// is already due, -1 (forever) when there is none.
    func timeoutMilliseconds() -> Int32 {
        guard let first = entries.first else { return -1 }
        let current = now()
        guard first.deadline > current else { return 0 }
        let remaining = first.deadline - current
        return Int32(clamping: remaining / 1_000_000 + (remaining % 1_000_000 == 0 ? 0 : 1))
    }

    /// Seconds until the earliest deadline, 0 when a timer is already due, `nil` when there is none.
    func timeUntilNextDeadline() -> Double? {
        guard let first = entries.first else { return nil }
        let current = now()
        return first.deadline > current ? Double(first.deadline - current) / 1e9 : 0
    }

    /// Starts a pass over the timers due now.
    func expiry() -> Expiry {
        Expiry(now: now(), firstNewID: nextID)
    }

    /// Removes and returns the action of the earliest timer due in `pass`, or `nil` when none is left.
    /// - Complexity: O(n) (the array shifts).
    mutating func popExpired(in pass: Expiry) -> Action? {
        // A timer scheduled during the pass is due no earlier than `pass.now` and has a larger id than every
        // older timer due by then, so it can only come after them: checking the first entry is enough.
        guard let first = entries.first, first.deadline <= pass.now, first.token.id < pass.firstNewID else {
            return nil
        }
        entries.removeFirst()
        return first.action
    }

    /// Traps unless the entries are sorted by deadline, then by id. For tests.
    func checkInvariants() {
        for (earlier, later) in zip(entries, entries.dropFirst()) {
            precondition(
                (earlier.deadline, earlier.token.id) < (later.deadline, later.token.id),
                "timers out of order")
        }
    }

    /// `seconds` in whole nanoseconds, rounded up; 0 for zero, negative or NaN, saturated at `UInt64.max`.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        let nanoseconds = (seconds * 1e9).rounded(.up)
        return nanoseconds >= Double(UInt64.max) ? .max : UInt64(nanoseconds)
    }
}

/// Nanoseconds on `CLOCK_MONOTONIC` (`clock_gettime`): it never jumps with the wall clock.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
