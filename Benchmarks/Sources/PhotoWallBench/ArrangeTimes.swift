import ArgumentParser
import Waterfall
import WaterfallCards
import WaterfallPhotoWall
@_spi(Benchmarking) import WaterfallX11

/// `--arrange N`: the `/` filter's keystrokes and the timeline's regrouping against a full layout of the same wall in
/// the same run. Each is timed from its cause to the frame presented, the wall idle before each: N full layouts (the
/// view reloaded: every card's height asked and laid out again, then drawn), N filter keystrokes (the name filter
/// typed a character at a time, "1" to "123456", then erased a character at a time, each a pass over every name and a
/// layout of the cards that match), and N regroupings (by month, then by folder again, by turns: each a pass over
/// every card and a layout of all of them), and N steps of the least rating (1 star, then none again, by turns: `r`
/// and its undo; each a pass over every card). Then each of `queries` set as the filter N times, cleared between
/// (their own frames are timed): a keyword, a range of dates, and three terms.
struct ArrangeTimes {
    var layout: [FrameMeasurement]
    var filter: [FrameMeasurement]
    var regroup: [FrameMeasurement]
    var rating: [FrameMeasurement]
    var items: Int
    /// Each query's frames and the cards it found.
    var queried: [(name: String, query: String, items: Int, frames: [FrameMeasurement])] = []

    /// The queries timed, by name: a keyword (the library benchmark's summers), a range of dates, three terms.
    static let queries = [
        ("keyword", "keyword:beach"), ("dateRange", "date:2010-03-01..2014-10-31"),
        ("threeTerms", "keyword:places/sea date:2008..2019 -rejected"),
    ]

    /// The filter's texts, a keystroke each: typed, then erased.
    static let keystrokes = ["1", "12", "123", "1234", "12345", "123456", "12345", "1234", "123", "12", "1", ""]

    static func measure(wall: PhotoWall, window: WaterfallWindow, steps: Int) throws -> ArrangeTimes {
        let idle = { try window.run { wall.isIdle } }
        let layout = try window.measureFrames(count: steps, beforeEach: idle) { _ in
            try wall.collectionView.reloadData()
            window.wakeSignal.wake()
        }
        let filter = try window.measureFrames(count: steps, beforeEach: idle) { step in
            wall.arrangement.nameFilter = keystrokes[step % keystrokes.count]
            window.wakeSignal.wake()
        }
        wall.arrangement.nameFilter = ""
        let regroup = try window.measureFrames(count: steps, beforeEach: idle) { step in
            wall.arrangement.grouping = step % 2 == 0 ? .month : .folder
            window.wakeSignal.wake()
        }
        wall.arrangement.grouping = .folder
        let rating = try window.measureFrames(count: steps, beforeEach: idle) { step in
            wall.arrangement.minimumRating = step % 2 == 0 ? 1 : 0
            window.wakeSignal.wake()
        }
        wall.arrangement.minimumRating = 0
        var times = ArrangeTimes(
            layout: layout, filter: filter, regroup: regroup, rating: rating, items: wall.library.walked.count)
        for (name, query) in queries {
            var found = 0
            let frames = try window.measureFrames(count: 2 * steps, beforeEach: idle) { step in
                wall.arrangement.nameFilter = step % 2 == 0 ? query : ""
                if step % 2 == 0 { found = wall.items.count }
                window.wakeSignal.wake()
            }
            times.queried.append((name, query, found, stride(from: 0, to: frames.count, by: 2).map { frames[$0] }))
        }
        wall.arrangement.nameFilter = ""
        return times
    }

    /// Every other measurement of `measured`, from `start`.
    private func everyOther(_ measured: [FrameMeasurement], from start: Int) -> [FrameMeasurement] {
        stride(from: start, to: measured.count, by: 2).map { measured[$0] }
    }

    /// `{"items": n, "layoutP99Ms": ..., "filterP99Ms": ..., "regroupP99Ms": ..., "filterOverLayoutP99": ...,
    /// "regroupOverLayoutP99": ..., "queries": [{"name", "query", "items", "p50Ms", "p99Ms"}]}` and the p50s.
    var json: String {
        let layoutP99 = percentile(0.99, of: layout)
        let filterP99 = percentile(0.99, of: filter)
        let regroupP99 = percentile(0.99, of: regroup)
        return JSONValue.object([
            ("items", .int(items)), ("steps", .int(layout.count)),
            ("layoutP50Ms", .number(rounded(percentile(0.5, of: layout)))),
            ("layoutP99Ms", .number(rounded(layoutP99))),
            ("filterP50Ms", .number(rounded(percentile(0.5, of: filter)))),
            ("filterP99Ms", .number(rounded(filterP99))),
            ("regroupP50Ms", .number(rounded(percentile(0.5, of: regroup)))),
            ("regroupP99Ms", .number(rounded(regroupP99))),
            ("ratingP50Ms", .number(rounded(percentile(0.5, of: rating)))),
            ("ratingP99Ms", .number(rounded(percentile(0.99, of: rating)))),
            // By month (the even steps) and back to folders (the odd ones), apart.
            ("byMonthP50Ms", .number(rounded(percentile(0.5, of: everyOther(regroup, from: 0))))),
            ("byMonthP99Ms", .number(rounded(percentile(0.99, of: everyOther(regroup, from: 0))))),
            ("byFolderP50Ms", .number(rounded(percentile(0.5, of: everyOther(regroup, from: 1))))),
            ("byFolderP99Ms", .number(rounded(percentile(0.99, of: everyOther(regroup, from: 1))))),
            ("filterOverLayoutP99", .number(rounded(layoutP99 > 0 ? filterP99 / layoutP99 : 0))),
            ("regroupOverLayoutP99", .number(rounded(layoutP99 > 0 ? regroupP99 / layoutP99 : 0))),
            (
                "queries",
                .array(
                    queried.map { measured in
                        .object([
                            ("name", .string(measured.name)), ("query", .string(measured.query)),
                            ("items", .int(measured.items)),
                            ("p50Ms", .number(rounded(percentile(0.5, of: measured.frames)))),
                            ("p99Ms", .number(rounded(percentile(0.99, of: measured.frames)))),
                        ])
                    })
            ),
        ]).text
    }
}
