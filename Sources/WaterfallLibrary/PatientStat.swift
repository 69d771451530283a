import Dispatch
import SystemPackage
import WaterfallIndex
import WaterfallPhotos

/// The stamps of folders on network file systems, taken on a thread of their own, so that a mount that does not answer
/// (a NAS switched off, a FUSE daemon stopped: `stat(2)` then waits in the kernel, for ever on a hard NFS mount) costs
/// the thread asking at most `patience` without an answer. The folder that did not answer is said, and tried again
/// at the next ask once its `stat` has come back.
final class PatientStat {
    /// How long an ask waits without any folder answering.
    let patience: Duration
    private let answered: DispatchSemaphore
    private let worker: WishWorker<FilePath, FolderStamp?>

    /// Stats that give up after `patience` without an answer.
    init(patience: Duration) {
        self.patience = patience
        let answered = DispatchSemaphore(value: 0)
        self.answered = answered
        worker = WishWorker(threads: 1, name: "folder stamps", wake: { answered.signal() }) {
            { folder, _ in try? FolderStamp.of(folder) }
        }
    }

    deinit {
        _ = worker.cancel()  // a stat that never returns keeps its thread; the others end
    }

    /// The stamps of `folders` now (`nil` for one gone), of those that answered before `patience` passed without an
    /// answer; and the folder whose `stat` has not come back, if any (the rest are then not asked: they are on the
    /// same mount more often than not). A folder still not answering from an earlier ask is said at once.
    func stamps(of folders: [FilePath]) -> (stamps: [FilePath: FolderStamp?], notAnswering: FilePath?) {
        var stamps: [FilePath: FolderStamp?] = [:]
        for finished in worker.takeFinished() { stamps[finished.job] = finished.output }
        if let waiting = worker.runningJobs.first { return ([:], waiting) }
        worker.want(folders.filter { stamps[$0] == nil })
        let wanted = Set(folders)
        var left = wanted.subtracting(stamps.keys).count
        while left > 0 {
            guard answered.wait(timeout: .now() + .nanoseconds(Int(patience / .nanoseconds(1)))) == .success else {
                break
            }
            for finished in worker.takeFinished() where wanted.contains(finished.job) {
                if stamps.updateValue(finished.output, forKey: finished.job) == nil { left -= 1 }
            }
        }
        guard left > 0 else { return (stamps, nil) }
        _ = worker.cancel()  // the queue behind the folder that did not answer: asked again next time
        return (stamps, worker.runningJobs.first ?? folders.first { stamps[$0] == nil })
    }
}
