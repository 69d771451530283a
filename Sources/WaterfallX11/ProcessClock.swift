import Foundation

/// Process-wide measurements from /proc and getrusage, for the programs' benchmarks: not public API.
@_spi(Benchmarking) public enum ProcessClock {
    /// Milliseconds since the process started: since `launchedAtNanoseconds` when the program gives it (the wall
    /// clock in nanoseconds since 1970 just before its launcher started it, as `date +%s%N` prints it; the programs
    /// read it from `WATERFALL_LAUNCHED_AT_NS`), else since the start time /proc records, in 10 ms clock ticks.
    public static func millisecondsSinceProcessStart(launchedAtNanoseconds: Double? = nil) -> Double {
        if let launched = launchedAtNanoseconds {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            return (Double(now.tv_sec) * 1e9 + Double(now.tv_nsec) - launched) / 1e6
        }
        return secondsSinceProcessStart() * 1000
    }

    /// Seconds since the process started (from /proc/self/stat, in clock ticks: 10 ms resolution).
    public static func secondsSinceProcessStart() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return 0 }
        let fields = stat[afterName.upperBound...].split(separator: " ")
        // Field 22 of the file is the start time; fields here start at field 3.
        guard fields.count > 19, let startTicks = Double(fields[19]) else { return 0 }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - startTicks / ticksPerSecond
    }

    /// The peak resident set size, in megabytes (`getrusage`'s `ru_maxrss`).
    public static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

/// When the steps to a program's first frame ended, in milliseconds since the process started (`ProcessClock`), for a
/// benchmark's breakdown of its first frame: each step is marked once, the first time it ends. `Step` lists the
/// program's steps in the order they happen. Not public API.
@_spi(Benchmarking) public final class StartupTimeline<Step: CaseIterable & Hashable> {
    private var marks: [Step: Double] = [:]
    /// When the launcher started the program, if the program knows (see `ProcessClock`).
    private let launchedAtNanoseconds: Double?

    /// No step marked yet; the steps are timed from `launchedAtNanoseconds` when the program gives it (the wall clock
    /// in nanoseconds since 1970 when its launcher started it), else from the process's start time.
    public init(launchedAtNanoseconds: Double? = nil) {
        self.launchedAtNanoseconds = launchedAtNanoseconds
    }

    /// Marks `step` as ended now, unless it was marked before.
    public func mark(_ step: Step) {
        if marks[step] == nil {
            marks[step] = ProcessClock.millisecondsSinceProcessStart(launchedAtNanoseconds: launchedAtNanoseconds)
        }
    }

    /// Each step's duration in milliseconds (from the end of the step before it), for the steps marked.
    public var durations: [(step: Step, milliseconds: Double)] {
        var previous = 0.0
        return Step.allCases.compactMap { step in
            guard let end = marks[step] else { return nil }
            defer { previous = end }
            return (step, end - previous)
        }
    }
}
