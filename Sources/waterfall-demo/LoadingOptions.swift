import ArgumentParser

/// `--load-more` and its settings: the catalog as a paged remote source.
struct LoadingOptions: ParsableArguments {
    @Flag(help: "Load the cards in pages on a background thread, as from a remote source, while scrolling to the end.")
    var loadMore = false

    @Option(help: ArgumentHelp("Cards per page with --load-more.", valueName: "n"))
    var pageSize: Int = 40

    @Option(
        help: ArgumentHelp("How long each page takes to arrive with --load-more, in milliseconds.", valueName: "ms"))
    var pageDelay: Int = 600

    @Option(help: ArgumentHelp("With --load-more, every K-th page request fails (to try the retry).", valueName: "k"))
    var failEvery: Int?

    @Flag(help: "With --load-more, each page arrives when the process receives SIGUSR1 instead of after --page-delay.")
    var pagesOnSignal = false

    mutating func validate() throws {
        guard (1...100_000).contains(pageSize) else {
            throw ValidationError("--page-size is \(pageSize); it must be from 1 to 100000")
        }
        guard (0...60_000).contains(pageDelay) else {
            throw ValidationError("--page-delay is \(pageDelay); it must be from 0 to 60000 ms")
        }
        if let failEvery, failEvery < 2 {
            throw ValidationError(
                "--fail-every is \(failEvery); it must be 2 or more (1 would fail every request, retries included)")
        }
    }

    /// The loader the options describe, or `nil` without `--load-more`.
    func makeLoader(wake: @escaping @Sendable () -> Void) -> PagedLoader? {
        guard loadMore else { return nil }
        return PagedLoader(
            pageSize: pageSize, arrival: pagesOnSignal ? .onSignal : .after(.milliseconds(pageDelay)),
            failEvery: failEvery, wake: wake)
    }
}
