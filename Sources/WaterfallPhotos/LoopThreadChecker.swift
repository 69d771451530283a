import Glibc
import Synchronization

/// Checks that loop-thread state is touched on the loop thread only, as swift-nio's `preconditionInEventLoop` does.
///
/// The first thread that calls `preconditionOnLoopThread()` (or `bindToCurrentThread()`) becomes the loop thread;
/// every later call from another thread is a violation. A debug build reports it with `assertionFailure` (the program
/// stops there, in the debugger or with the message on standard error); a release build checks nothing. A checker
/// made with a `report` handler always checks, and reports to the handler instead (for tests, which must not trap).
///
/// Workers post from any thread (`LoopMailbox.post(_:)`); what they hand over is taken, and the state it feeds is
/// read and changed, on the loop thread alone: the types that own such state call `preconditionOnLoopThread()` at
/// their loop-side entry points.
public final class LoopThreadChecker: Sendable {
    /// The loop thread's `pthread_self()`, 0 until one is bound (glibc's thread handles are addresses, never 0).
    private let loopThread = Atomic<UInt>(0)
    /// Hears each violation, when the checker was made with one.
    private let report: (@Sendable (_ message: String) -> Void)?

    /// A checker that binds to the first thread that checks; debug builds assert on a violation, release builds
    /// check nothing.
    public init() {
        report = nil
    }

    /// A checker that binds to the first thread that checks, and tells `report` of every violation (with a message
    /// naming the call site) in any build, instead of asserting.
    public init(report: @escaping @Sendable (_ message: String) -> Void) {
        self.report = report
    }

    /// Makes the calling thread the loop thread, when none is bound yet. Returns whether the calling thread is the
    /// loop thread now.
    @discardableResult
    public func bindToCurrentThread() -> Bool {
        let current = UInt(pthread_self())
        let (exchanged, bound) = loopThread.compareExchange(expected: 0, desired: current, ordering: .relaxed)
        return exchanged || bound == current
    }

    /// Whether a thread is bound and it is the calling one.
    public var isOnLoopThread: Bool {
        let bound = loopThread.load(ordering: .relaxed)
        return bound != 0 && bound == UInt(pthread_self())
    }

    /// Checks that the caller runs on the loop thread (binding the calling thread when none is yet): in debug builds,
    /// or always when the checker has a `report` handler.
    /// - Complexity: O(1): one atomic compare-and-exchange.
    public func preconditionOnLoopThread(file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
            check(file: file, line: line)
        #else
            if report != nil { check(file: file, line: line) }
        #endif
    }

    private func check(file: StaticString, line: UInt) {
        guard !bindToCurrentThread() else { return }
        let message = "\(file):\(line): loop-thread state touched off the loop thread"
        if let report {
            report(message)
        } else {
            assertionFailure(message)
        }
    }
}
