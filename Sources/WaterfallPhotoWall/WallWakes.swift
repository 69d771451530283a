import WaterfallX11

/// How the wall hears what its threads found, and paces the showing of the library's news: the relay that wakes the
/// window's loop from the walk's and the workers' threads, and the timer that holds the next showing back.
struct WallWakes {
    /// Wakes the window's loop from the other threads, once the wall is shown.
    let relay = WakeRelay()
    /// The least time between two showings of the library's news, in seconds (`PhotoWall.libraryUpdateInterval`).
    var libraryUpdateInterval = 0.0
    /// The timer that holds the library's next showing back, while one runs.
    var libraryUpdateGate: TimerToken?
}
