import Foundation
import Synchronization
import WaterfallPhotos
import WaterfallX11

/// A debug build's stop between the steps of a file action, for the tests that SIGKILL the program there and check
/// that every file is whole: `WATERFALL_PAUSE_AT=trash.info-written` stops at the first time the step is reached,
/// `…#3` at the third. The program says so on standard error ("waterfall: paused at trash.info-written #1") and the
/// file actions' thread waits there for good, or with `WATERFALL_PAUSE_UNTIL=path` until that file exists (for the
/// tests that press Escape while an action is held); the window goes on. A release build has no such stop.
enum CheckpointPause {
    /// The file actions' checkpoint handler (`PhotoWall.Configuration.fileActionCheckpoint`) of the stop `setting`
    /// names (`step` or `step#count`), held until `releaseFile` exists when given; `nil` in a release build, or when
    /// `setting` names no step.
    static func handler(_ setting: String, until releaseFile: String? = nil) -> FileActionCheckpoint.Handler? {
        #if DEBUG
            let parts = setting.split(separator: "#", maxSplits: 1)
            guard let step = parts.first.map(String.init) else { return nil }
            let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
            let reached = Mutex(0)
            return { name in
                guard name == step,
                    reached.withLock({
                        $0 += 1
                        return $0
                    }) == count
                else { return }
                StandardError.write("waterfall: paused at \(name) #\(count)\n")
                guard let releaseFile else { while true { pause() } }
                // A test's release, polled: the held thread is a test's, and nothing else waits on it.
                while access(releaseFile, F_OK) != 0 { usleep(10_000) }
            }
        #else
            return nil
        #endif
    }
}
