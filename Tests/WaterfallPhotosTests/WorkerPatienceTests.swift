import Foundation
import Testing

@testable import WaterfallPhotos

/// How long the wall waits for its worker: a starved worker (runnable, little CPU used) gets more periods, a hung,
/// stopped, looping or vanished one none, read from `/proc` as the kernel writes it.
struct WorkerPatienceTests {
    /// A script of activities, read one per call.
    final class Script {
        var activities: [WorkerActivity?]
        init(_ activities: [WorkerActivity?]) { self.activities = activities }
        func next(_: pid_t) -> WorkerActivity? { activities.isEmpty ? nil : activities.removeFirst() }
    }

    static func running(_ milliseconds: Int) -> WorkerActivity {
        WorkerActivity(isRunnable: true, cpuTime: .milliseconds(milliseconds))
    }

    @Test func aStarvedWorkerGetsAnotherPeriodUntilTheLastOfSix() {
        let script = Script([Self.running(1000)] + Array(repeating: Self.running(1100), count: 10))
        var patience = WorkerPatience(worker: 7, timeLimit: .seconds(2), activity: script.next)
        let extensions = (0..<10).map { _ in patience.nextDeadline() != nil }
        #expect(extensions == [true, true, true, true, true, false, false, false, false, false])
    }

    @Test(arguments: [
        WorkerActivity(isRunnable: false, cpuTime: .milliseconds(1100)),  // asleep or blocked: a hang
        WorkerActivity(isRunnable: true, cpuTime: .milliseconds(3000)),  // computed its whole limit: a loop
        nil,  // gone
    ])
    func aHungLoopingOrVanishedWorkerIsGivenUpAtOnce(activity: WorkerActivity?) {
        let script = Script([Self.running(1000), activity])
        var patience = WorkerPatience(worker: 7, timeLimit: .seconds(2), activity: script.next)
        #expect(patience.nextDeadline() == nil)
    }

    @Test func aWorkerWhoseStartWasNotReadIsGivenUpAtItsFirstDeadline() {
        let script = Script([nil, Self.running(0)])
        var patience = WorkerPatience(worker: 7, timeLimit: .seconds(2), activity: script.next)
        #expect(patience.nextDeadline() == nil)
    }

    @Test func aStatLineIsReadPastACommandWithSpacesAndParentheses() {
        let line = "4042 (a (b) c) S 4038 4038 3350 0 -1 4194304 99 0 0 0 250 37 0 0 20 0 1 0 1099184 3133440 361\n"
        #expect(
            WorkerActivity.parse(stat: Array(line.utf8), ticksPerSecond: 100)
                == WorkerActivity(isRunnable: false, cpuTime: .milliseconds(2870)))
        #expect(WorkerActivity.parse(stat: Array("4042 (cat) R 1 2".utf8), ticksPerSecond: 100) == nil)
        #expect(WorkerActivity.parse(stat: Array("garbage".utf8), ticksPerSecond: 100) == nil)
    }

    /// Polls `pid`'s activity until `condition` holds or 20 s pass, and returns the last read.
    func activity(of pid: pid_t, until condition: (WorkerActivity?) -> Bool) -> WorkerActivity? {
        let deadline = ContinuousClock.now + .seconds(20)
        var activity = WorkerActivity.of(pid)
        while !condition(activity) && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)  // the interval between checks of the condition, not the outcome
            activity = WorkerActivity.of(pid)
        }
        return activity
    }

    /// Starts `/bin/sh -c script`; it is killed with SIGKILL (a test's children may block SIGTERM) and reaped after.
    func withChild(_ script: String, _ body: (pid_t) throws -> Void) throws {
        let child = try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script])
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        try body(child.processIdentifier)
    }

    @Test func theKernelSaysALoopingChildRunsAndASleepingOneSleeps() throws {
        try withChild("while :; do :; done") { pid in
            let looping = activity(of: pid) { $0?.isRunnable == true && $0!.cpuTime > .zero }
            #expect(looping?.isRunnable == true && looping!.cpuTime > .zero)
        }
        try withChild("exec sleep 1000") { pid in
            let sleeping = activity(of: pid) { $0?.isRunnable == false }
            #expect(sleeping?.isRunnable == false && sleeping!.cpuTime < .seconds(1))
        }
        var reaped: pid_t = 0
        try withChild("exit 0") { reaped = $0 }
        #expect(WorkerActivity.of(reaped) == nil)
    }

    @Test func aThreadsBudgetCountsItsComputingNotTheClock() {
        let budget = ThreadTimeBudget(.milliseconds(20))
        #expect(!budget.isSpent)
        Thread.sleep(forTimeInterval: 0.05)  // a sleep spends no CPU time: the budget is still whole
        #expect(!budget.isSpent)
        var sum = 0
        while !budget.isSpent { sum &+= 1 }
        #expect(sum > 0)
        #expect(ThreadTimeBudget.spent.isSpent)
    }
}
