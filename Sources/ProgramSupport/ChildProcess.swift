import CSpawn
import Foundation
import Synchronization

/// A program run beside the window, as nsxiv runs its key handler, but without blocking the window: started with
/// `posix_spawn`, fed `input` on its standard input from a thread of its own (so that a large input never waits on the
/// window's thread, nor the window on a child that reads slowly or not at all), then waited for on that thread. Its
/// standard output and standard error are this program's standard error (whose standard output may be an event log),
/// it inherits no other descriptor (the X connection, the wake pipes, inotify: everything from 3 up is closed in the
/// child), and SIGPIPE is back to its default action in it. When it ends, `onEnd` is called on the waiting thread:
/// wake the window's loop there and read `termination` on the window's thread.
package final class ChildProcess: Sendable {
    /// How a child ended, from `waitpid`'s status.
    package enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this status (0 is success).
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// `status` as `waitpid` reports it (the `WIFEXITED`, `WEXITSTATUS` and `WTERMSIG` macros, which Swift does
        /// not import).
        init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }

        /// Whether it exited with status 0.
        package var isSuccess: Bool { self == .exited(0) }

        /// "exit status 3", or "killed by signal 9 (Killed)".
        package var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .signalled(let signal): return "killed by signal \(signal) (\(String(cString: strsignal(signal))))"
            }
        }
    }

    /// Why a child could not be started: the program and `posix_spawn`'s (or `pipe2`'s) errno.
    package struct LaunchError: Error, CustomStringConvertible {
        /// The program that was to run.
        package var executable: String
        /// The system's reason.
        package var errno: Int32

        /// "cannot run PATH: Permission denied".
        package var description: String { "cannot run \(executable): \(String(cString: strerror(errno)))" }
    }

    /// The child's process ID.
    package let pid: pid_t
    private let ended = Mutex<Termination?>(nil)

    /// Starts `executable` with `arguments` (its `argv[0]` is `executable`) and the environment of this process plus
    /// `environment`; writes `input` to its standard input and closes it, on a thread that then waits for the child
    /// and calls `onEnd` once it has ended.
    /// - Throws: `LaunchError` when the child cannot be started (no such file, not executable, not a program...).
    package init(
        executable: String, arguments: [String], environment: [String: String] = [:], input: [UInt8],
        onEnd: @escaping @Sendable () -> Void
    ) throws(LaunchError) {
        var ends: [Int32] = [-1, -1]
        guard waterfall_spawn_pipe2(&ends, O_CLOEXEC) == 0 else {
            throw LaunchError(executable: executable, errno: errno)
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let spawned = Self.spawn(
            executable, arguments: [executable] + arguments,
            environment: Self.mergedEnvironment(environment), standardInput: readEnd)
        close(readEnd)
        switch spawned {
        case .success(let pid): self.pid = pid
        case .failure(let error):
            close(writeEnd)
            throw error
        }
        let thread = Thread { [self] in
            Self.writeAll(input, to: writeEnd)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            ended.withLock { $0 = Termination(waitStatus: status) }
            onEnd()
        }
        thread.name = "child \(pid)"
        thread.start()
    }

    /// How the child ended, once it has (`nil` while it runs).
    package var termination: Termination? { ended.withLock { $0 } }

    /// `posix_spawn` of `arguments` with `standardInput` as descriptor 0, this process's standard error as 1 and 2,
    /// nothing from 3 up, an empty signal mask and SIGPIPE at its default action. The child's pid, or the errno.
    private static func spawn(
        _ executable: String, arguments: [String], environment: [String],
        standardInput: Int32
    ) -> Result<pid_t, LaunchError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        waterfall_spawn_addclosefrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var pipeSignal = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let code = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        return code == 0 ? .success(pid) : .failure(LaunchError(executable: executable, errno: code))
    }

    /// This process's environment with `extra`'s variables set, as `NAME=value` strings.
    private static func mergedEnvironment(_ extra: [String: String]) -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        return environment.map { "\($0.key)=\($0.value)" }
    }

    /// Writes `bytes` to `descriptor` and closes it; stops early when the reader is gone (EPIPE). SIGPIPE is blocked
    /// on this thread, and the one such a write raises is taken here, so that the program is not ended by it.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        var written = 0
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            while written < buffer.count {
                let count = write(descriptor, start + written, buffer.count - written)
                if count > 0 { written += count } else if count == -1 && errno == EINTR { continue } else { break }
            }
        }
        close(descriptor)
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&pipeSignal, nil, &noWait)  // the SIGPIPE of an EPIPE, pending on this thread
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings (an `argv` or an `envp`).
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies + [nil])
}
