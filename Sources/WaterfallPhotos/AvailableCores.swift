import CSpawn
import Foundation

/// The cores this process may run on: its CPU affinity (`sched_getaffinity`), as `nproc` counts them, so that a
/// program started under `taskset` or in a container held to fewer cores than the machine has sizes its pool to them.
/// Foundation's `activeProcessorCount` counts the machine's online cores whatever the affinity.
enum AvailableCores {
    /// The count, at least 1 (the machine's online cores when the affinity cannot be read).
    static var count: Int {
        let allowed = Int(waterfall_available_cores())
        return max(1, allowed > 0 ? allowed : ProcessInfo.processInfo.activeProcessorCount)
    }
}
