/// When the steps to the first frame ended, in milliseconds since the process started (`ProcessClock`), for
/// `bench`'s breakdown of its first frame: each step is marked once, the first time it ends.
final class StartupTimeline {
    /// The steps, in the order they happen.
    enum Step: String, CaseIterable {
        /// The program's code began to run (the process was loaded, its libraries linked, its arguments parsed).
        case running
        /// The cards were made (read from a catalog, or set up to be synthesised).
        case cards
        /// The display was opened and the window made, up to the first question of the first layout.
        case window
        /// The first layout was computed.
        case layout
        /// The first frame was drawn and the server had handled it.
        case firstFrame
    }

    private(set) var marks: [Step: Double] = [:]

    /// Marks `step` as ended now, unless it was marked before.
    func mark(_ step: Step) {
        if marks[step] == nil { marks[step] = ProcessClock.millisecondsSinceProcessStart() }
    }

    /// Each step's duration in milliseconds (from the end of the step before it), for the steps marked.
    var durations: [(step: Step, milliseconds: Double)] {
        var previous = 0.0
        return Step.allCases.compactMap { step in
            guard let end = marks[step] else { return nil }
            defer { previous = end }
            return (step, end - previous)
        }
    }
}
