import Dispatch
import Synchronization
import SystemPackage
import Testing

@testable import WaterfallPhotoWall

/// The file actions' runner: each file runs in order on its thread, the progress and the ends are put together on the
/// test's thread (the loop's), and a cancel stops the running action after the file it is on and drops the waiting
/// ones. Files are held at gates the test opens.
struct FileActionRunnerTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    /// The gates the files wait at, the files done in order, and one signal per wake.
    final class Files: Sendable {
        private let gates = Mutex<[String: DispatchSemaphore]>([:])
        let reached = DispatchSemaphore(value: 0)
        let done = Mutex<[String]>([])
        let wakes = DispatchSemaphore(value: 0)

        /// Makes `file` wait at its gate, and signal `reached` there, until `open(_:)`.
        func close(_ file: String) { gates.withLock { $0[file] = DispatchSemaphore(value: 0) } }

        func open(_ file: String) { gates.withLock { $0[file] }?.signal() }

        /// A job of `action` on `files`; a file named "bad" fails.
        func job(_ action: FileAction, _ files: [String]) -> FileActionRunner.Job {
            FileActionRunner.Job(action: action, files: files.map { FilePath($0) }) { [self] file in
                if let gate = gates.withLock({ $0[file.string] }) {
                    reached.signal()
                    gate.wait()
                }
                guard file.string != "bad" else { throw Failure() }
                done.withLock { $0.append(file.string) }
                return nil
            }
        }

        /// Waits for `count` wakes (bounded: a hang fails instead of blocking the run).
        func waitForWakes(_ count: Int) -> Bool {
            (0..<count).allSatisfy { _ in wakes.wait(timeout: .now() + 20) == .success }
        }
    }

    @Test func eachFileRunsInOrderWithItsProgressAndTheJobEndsWithEveryOutcome() throws {
        let files = Files()
        let runner = FileActionRunner { [wakes = files.wakes] in wakes.signal() }
        files.close("b")
        runner.run(files.job(.mark, ["a", "b", "bad", "c"]))
        #expect(runner.isBusy)
        try #require(files.reached.wait(timeout: .now() + 20) == .success && files.waitForWakes(1))
        #expect(runner.progress?.done == 1 && runner.progress?.total == 4 && runner.progress?.action == .mark)
        #expect(runner.takeFinished().isEmpty)
        files.open("b")
        try #require(files.waitForWakes(3))
        #expect(runner.progress == nil && !runner.isBusy)
        let finished = runner.takeFinished()
        #expect(finished.count == 1)
        #expect(finished.first?.succeeded.map(\.file.string) == ["a", "b", "c"])
        #expect(
            finished.first?.failed.map(\.file.string) == ["bad"] && finished.first?.failed.first?.reason == "refused")
        #expect(finished.first?.wasCancelled == false && finished.first?.total == 4)
        #expect(runner.takeFinished().isEmpty)  // once
    }

    @Test func aCancelStopsTheRunningJobAfterItsFileAndDropsTheWaitingOnes() throws {
        let files = Files()
        let runner = FileActionRunner { [wakes = files.wakes] in wakes.signal() }
        files.close("2")
        runner.run(files.job(.trash, ["1", "2", "3", "4", "5"]))
        runner.run(files.job(.mark, ["6", "7"]))
        try #require(files.reached.wait(timeout: .now() + 20) == .success && files.waitForWakes(1))
        #expect(runner.progress?.done == 1)
        runner.cancel()
        #expect(runner.isBusy)  // the file it is on goes on
        files.open("2")
        try #require(files.waitForWakes(1))
        #expect(!runner.isBusy && runner.progress == nil)
        let finished = runner.takeFinished()
        #expect(finished.map(\.action) == [.trash])  // the waiting job ends unsaid
        #expect(finished.first?.succeeded.map(\.file.string) == ["1", "2"])
        #expect(finished.first?.wasCancelled == true && finished.first?.total == 5)
        #expect(files.done.withLock { $0 } == ["1", "2"])
    }

    @Test func aJobOfNoFilesEndsAtOnceAfterThoseBeforeIt() throws {
        let files = Files()
        let runner = FileActionRunner { [wakes = files.wakes] in wakes.signal() }
        files.close("a")
        runner.run(files.job(.rotate(quarterTurns: 1), ["a"]))
        runner.run(files.job(.mark, []))
        try #require(files.reached.wait(timeout: .now() + 20) == .success)
        #expect(runner.takeFinished().isEmpty)  // behind the running one
        files.open("a")
        try #require(files.waitForWakes(2))  // the empty job's own wake, and the file's
        #expect(runner.takeFinished().map(\.action) == [.rotate(quarterTurns: 1), .mark])
        #expect(!runner.isBusy)
    }
}
