import Foundation
import Synchronization

/// What one page request came to.
enum PageResult: Equatable, Sendable {
    /// Page `page` (counted from 1) arrived.
    case loaded(page: Int)
    /// Page `page` failed with `message`.
    case failed(page: Int, message: String)
}

/// Makes the catalog behave like a paged remote source: each request is answered on a background thread after
/// `delay`, and every `failEvery`-th request fails, as a flaky network would. The answers wait in an inbox
/// until the window's thread takes them; `wake` tells that thread there is something to take.
final class PagedLoader: Sendable {
    /// How many cards a page holds.
    let pageSize: Int
    /// How long each request takes.
    let delay: Duration
    /// Every this many requests, one fails; `nil` for never.
    let failEvery: Int?
    private let wake: @Sendable () -> Void
    private let state = Mutex<(requests: Int, inbox: [PageResult])>((0, []))

    init(pageSize: Int, delay: Duration, failEvery: Int?, wake: @escaping @Sendable () -> Void) {
        self.pageSize = pageSize
        self.delay = delay
        self.failEvery = failEvery.flatMap { $0 > 0 ? $0 : nil }
        self.wake = wake
    }

    /// Starts fetching page `page` (counted from 1); the answer arrives in the inbox after `delay`.
    func request(page: Int) {
        let request = state.withLock { state in
            state.requests += 1
            return state.requests
        }
        let fails = failEvery.map { request % $0 == 0 } ?? false
        let delay = delay
        let thread = Thread { [self] in
            Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            let result: PageResult = fails
                ? .failed(page: page, message: "simulated network error on request \(request) (page \(page))")
                : .loaded(page: page)
            state.withLock { $0.inbox.append(result) }
            wake()
        }
        thread.start()
    }

    /// The answers that arrived since the last call, in order of arrival.
    func takeResults() -> [PageResult] {
        state.withLock { state in
            defer { state.inbox.removeAll() }
            return state.inbox
        }
    }
}
