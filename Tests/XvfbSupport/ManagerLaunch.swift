import Foundation

/// Starts a window manager, `name` at `executable` with `arguments` and the variables of `environment` added, its
/// stdout discarded and its stderr kept, and polls until `isReady(display)` says it manages `display`.
/// - Throws: `X11TestError` when it exits first (quoting its stderr), or after 20 s (a bound on a hang, not a
///   measurement), or the error of `isReady`; the process is ended then.
func launchWindowManager(
    _ name: String, executable: String, arguments: [String], environment extra: [String: String],
    display: String, isReady: (String) throws -> Bool
) throws -> (Process, StandardErrorFile) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let standardError = try StandardErrorFile()
    process.standardError = standardError.fileHandleForWriting
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    while true {
        let ready: Bool
        do {
            ready = try isReady(display)
        } catch {
            killAndReap(process)
            throw error
        }
        if ready { return (process, standardError) }
        if !process.isRunning {
            throw X11TestError("\(name) \(process.endDescription) before managing \(display); \(standardError.quoted)")
        }
        if Date() > deadline {
            killAndReap(process)
            throw X11TestError("\(name) did not start managing \(display) within 20 s; \(standardError.quoted)")
        }
        // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
        usleep(20_000)
    }
}
