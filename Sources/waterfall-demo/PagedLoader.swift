import Foundation
import Synchronization

/// What one page request came to.
enum PageResult: Equatable, Sendable {
    /// Page `page` (counted from 1) arrived.
    case loaded(page: Int)
    /// Page `page` failed with `message`.
    case failed(page: Int, message: String)
}

/// When a requested page arrives.
enum PageArrival: Sendable {
    /// After this long, on a background thread.
    case after(Duration)
    /// When the process receives SIGUSR1 (`kill -USR1`), one page per signal: for scripts and tests that must look
    /// at the window while a page is pending, however slow the machine.
    case onSignal
}

/// Makes the catalog behave like a paged remote source: each request is answered on a background thread (after a
/// delay, or when a signal says so), and every `failEvery`-th request fails, as a flaky network would. The answers
/// wait in an inbox until the window's thread takes them; `wake` tells that thread there is something to take.
final class PagedLoader: Sendable {
    /// How many cards a page holds.
    let pageSize: Int
    /// When each request is answered.
    let arrival: PageArrival
    /// Every this many requests, one fails; `nil` for never.
    let failEvery: Int?
    private let wake: @Sendable () -> Void
    /// The requests made, the answers waiting to be taken, and (with `.onSignal`) those waiting for a signal.
    private let state = Mutex<(requests: Int, inbox: [PageResult], pending: [PageResult])>((0, [], []))
    /// Delivers a pending answer per SIGUSR1, with `.onSignal`. Set once and only cancelled after (dispatch sources
    /// are thread-safe; Dispatch does not mark them Sendable).
    nonisolated(unsafe) private let signalSource: DispatchSourceSignal?

    init(pageSize: Int, arrival: PageArrival, failEvery: Int?, wake: @escaping @Sendable () -> Void) {
        self.pageSize = pageSize
        self.arrival = arrival
        self.failEvery = failEvery.flatMap { $0 > 0 ? $0 : nil }
        self.wake = wake
        guard case .onSignal = arrival else {
            signalSource = nil
            return
        }
        // the dispatch source receives it instead of the default action, which ends the process
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        signalSource = source
        source.setEventHandler { [weak self] in self?.deliverPendingAnswer() }
        source.resume()
    }

    deinit {
        signalSource?.cancel()
    }

    /// Moves the oldest answer waiting for a signal to the inbox, and wakes the window's thread.
    private func deliverPendingAnswer() {
        let delivered = state.withLock { state -> Bool in
            guard !state.pending.isEmpty else { return false }
            state.inbox.append(state.pending.removeFirst())
            return true
        }
        if delivered { wake() }
    }

    /// Starts fetching page `page` (counted from 1); the answer arrives in the inbox after the delay, or on the next
    /// signal.
    func request(page: Int) {
        let request = state.withLock { state in
            state.requests += 1
            return state.requests
        }
        let fails = failEvery.map { request % $0 == 0 } ?? false
        let result: PageResult =
            fails
            ? .failed(page: page, message: "simulated network error on request \(request) (page \(page))")
            : .loaded(page: page)
        switch arrival {
        case .onSignal:
            state.withLock { $0.pending.append(result) }
        case .after(let delay):
            let thread = Thread { [self] in
                Thread.sleep(
                    forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
                state.withLock { $0.inbox.append(result) }
                wake()
            }
            thread.start()
        }
    }

    /// The answers that arrived since the last call, in order of arrival.
    func takeResults() -> [PageResult] {
        state.withLock { state in
            defer { state.inbox.removeAll() }
            return state.inbox
        }
    }
}
