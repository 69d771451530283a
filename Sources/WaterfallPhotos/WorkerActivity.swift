#if canImport(Glibc)
    import Glibc
#endif

/// What a worker process is doing, from `/proc/PID/stat`: whether it is runnable and how much CPU it has used. Tells a
/// worker that a busy machine keeps waiting for a core (runnable, little CPU) from one that hangs (asleep or blocked)
/// or loops (much CPU).
struct WorkerActivity: Equatable {
    /// Whether the process is running or waiting for a core (state `R`).
    var isRunnable: Bool
    /// The CPU time it has used, user and system.
    var cpuTime: Duration

    /// The activity of process `pid`; `nil` when it has gone or `/proc` cannot be read.
    static func of(_ pid: pid_t) -> WorkerActivity? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parse(stat: bytes.prefix(count), ticksPerSecond: Int(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The activity in a `/proc/PID/stat` line: the state is the field after the command's closing parenthesis (a
    /// command may hold spaces and parentheses), and `utime` and `stime` are the 11th and 12th after the state, in
    /// clock ticks.
    static func parse(stat: some BidirectionalCollection<UInt8>, ticksPerSecond: Int) -> WorkerActivity? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")), ticksPerSecond > 0 else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 12, let state = fields.first?.first,
            let user = Int(String(decoding: fields[fields.index(fields.startIndex, offsetBy: 11)], as: UTF8.self)),
            let system = Int(String(decoding: fields[fields.index(fields.startIndex, offsetBy: 12)], as: UTF8.self))
        else { return nil }
        let ticks = user + system
        return WorkerActivity(
            isRunnable: state == UInt8(ascii: "R"),
            cpuTime: .seconds(ticks / ticksPerSecond) + .milliseconds(ticks % ticksPerSecond * 1000 / ticksPerSecond))
    }
}
