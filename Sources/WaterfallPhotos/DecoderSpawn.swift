import CSpawn
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Starting the decoder worker: `posix_spawn` (`posix_spawnp` for a bare name, looked up on `PATH`) with one end of a
/// `socketpair(2)` as its standard input and output, this program's standard error as its own, every other
/// descriptor closed (`posix_spawn_file_actions_addclosefrom_np`), an empty signal mask and SIGPIPE at its default
/// action (a worker whose wall is gone ends).
enum DecoderSpawn {
    /// The worker's pid and the wall's end of its socket (close-on-exec), or the errno of `socketpair` or `posix_spawn`.
    static func spawn(_ program: FilePath) -> Result<(pid: pid_t, socket: Int32), Errno> {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return .failure(Errno(rawValue: errno))
        }
        let (wallEnd, workerEnd) = (ends[0], ends[1])
        defer { close(workerEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, workerEnd, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, workerEnd, STDOUT_FILENO)
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
        let searchesPath = !program.bytes.contains(UInt8(ascii: "/"))
        let code = program.withPlatformString { name in
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup(name), nil]
            defer { free(argv[0]) }
            return searchesPath
                ? posix_spawnp(&pid, name, &actions, &attributes, &argv, waterfall_spawn_environment())
                : posix_spawn(&pid, name, &actions, &attributes, &argv, waterfall_spawn_environment())
        }
        guard code == 0 else {
            close(wallEnd)
            return .failure(Errno(rawValue: code))
        }
        return .success((pid, wallEnd))
    }
}
