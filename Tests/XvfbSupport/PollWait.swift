import Foundation

/// A thread blocked in `poll` (or `ppoll`), as the kernel shows it in /proc/<pid>/task/<tid>/syscall: how many
/// descriptors it waits on, and whether without a timeout.
public struct PollWait: Equatable, Sendable, CustomStringConvertible {
    public var descriptors: Int
    /// Whether the wait has no timeout (`poll`'s -1, `ppoll`'s null timespec): only a descriptor ends it.
    public var isForever: Bool

    public init(descriptors: Int, isForever: Bool) {
        self.descriptors = descriptors
        self.isForever = isForever
    }

    public var description: String {
        "poll on \(descriptors) descriptors \(isForever ? "without a timeout" : "with a timeout")"
    }

    /// The wait thread `tid` of process `pid` is blocked in now; `nil` while it runs or is blocked elsewhere.
    /// The kernel reports a system call only for a thread that sleeps in it, so a wait read here has begun.
    /// - Throws: `X11TestError` when the file cannot be read, or on an architecture whose numbers are not known here.
    public static func current(process pid: Int32, thread tid: Int32) throws -> PollWait? {
        let path = "/proc/\(pid)/task/\(tid)/syscall"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw X11TestError("cannot read \(path)")
        }
        // "running", "-1 sp pc" (blocked outside a system call), or "number arg0 ... arg5 sp pc", arguments in hex.
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 7, let number = Int(fields[0]) else { return nil }
        let arguments = fields[1...6].map { UInt64($0.dropFirst(2), radix: 16) ?? 0 }
        let call = try PollCall(number: number)
        guard let call else { return nil }
        switch call {
        case .poll:
            return PollWait(descriptors: Int(arguments[1]), isForever: Int32(truncatingIfNeeded: arguments[2]) < 0)
        case .ppoll: return PollWait(descriptors: Int(arguments[1]), isForever: arguments[2] == 0)
        }
    }

    /// Polls /proc until thread `tid` of process `pid` is blocked in `expected`; fails after `limit` seconds (a
    /// bound on a hang, not a measurement) with what the thread was doing last.
    public static func waitUntil(
        _ expected: PollWait, process pid: Int32, thread tid: Int32, limit: TimeInterval = 30
    ) throws {
        let deadline = Date().addingTimeInterval(limit)
        var last: PollWait?
        while true {
            last = try current(process: pid, thread: tid)
            if last == expected { return }
            if Date() > deadline {
                let now = (try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/syscall", encoding: .utf8)) ?? "?"
                throw X11TestError(
                    "thread \(tid) of \(pid) was not blocked in \(expected) within \(limit) s; last \(last.map { "\($0)" } ?? "not in poll"), now: \(now)"
                )
            }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
            usleep(1_000)
        }
    }
}

/// The system calls that wait in `poll`, by their numbers on this architecture. glibc's `poll()` calls `poll`
/// where the kernel has it (x86_64) and `ppoll` where it has not (aarch64).
private enum PollCall {
    case poll, ppoll

    /// The call of system call `number`; `nil` for another call.
    /// - Throws: `X11TestError` on an architecture not listed here, so that a test fails rather than passes blind.
    init?(number: Int) throws {
        #if arch(x86_64)
            switch number {
            case 7: self = .poll
            case 271: self = .ppoll
            default: return nil
            }
        #elseif arch(arm64)
            guard number == 73 else { return nil }
            self = .ppoll
        #else
            throw X11TestError("the poll system call numbers of this architecture are not known to PollWait")
        #endif
    }
}

/// The kernel's id of the calling thread (what `gettid()` returns, which Swift's Glibc module does not export), read
/// from the /proc/thread-self link ("<pid>/task/<tid>"): the `thread` of `PollWait` for a thread of this process.
/// - Throws: `X11TestError` when the link cannot be read.
public func currentThreadID() throws -> Int32 {
    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    guard let target, let tid = target.split(separator: "/").last.flatMap({ Int32($0) }) else {
        throw X11TestError("cannot read the thread id from /proc/thread-self (\(target ?? "unreadable"))")
    }
    return tid
}
