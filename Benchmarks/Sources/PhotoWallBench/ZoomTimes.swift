import ArgumentParser
import WaterfallCards
import WaterfallPhotoWall
@_spi(Benchmarking) import WaterfallX11

/// `--zoom N`: the grid zoom against scrolling on the same wall in the same run. First the wheel's two passes (10 N
/// notches while the thumbnails decode, then the same path with them cached: the scroll frames compared, so that
/// neither side waits for a decoding core); then N Ctrl+wheel notches at the viewport's centre, alternately in and
/// out, each once the wall is idle (each a relayout of every card at the new column count, the photo under the
/// pointer kept at its height, the cards drawn from their old pictures scaled by the server), each timed from the
/// event sent through the server to its frame.
struct ZoomTimes {
    var scroll: [FrameMeasurement]
    var zoom: [FrameMeasurement]
    /// Frames that draw the whole window again with nothing changed: the floor of a frame that changes every pixel,
    /// as a zoom step does (a scroll copies the window and draws a strip).
    var repaint: [FrameMeasurement]
    /// The column counts the zoom went between.
    var columns: Set<Int>
    var items: Int

    static func measure(wall: PhotoWall, window: WaterfallWindow, steps: Int) throws -> ZoomTimes {
        // A step that changes nothing draws no frame to wait for.
        guard wall.canZoomGrid(by: 1), wall.canZoomGrid(by: -1) else {
            throw ValidationError(
                "the wall cannot zoom both ways at this width (\(wall.collectionView.layout.columnCount) columns, "
                    + "cards at least \(Int(PhotoWall.minimumCardWidth)) points): make the window wider")
        }
        // Ten wheel notches a step: a p99 of 100 frames is their second worst, and the wheel's frames are short
        // enough that one stall of the machine's would otherwise decide the ratio.
        let scroll = try WheelPasses.measure(wall: wall, window: window, notches: 10 * steps, interval: nil)
            .cachedFrames
        var columns: Set<Int> = [wall.collectionView.layout.columnCount]
        let repaint = try window.measureFullRedraws(count: steps) { try window.run { wall.isIdle } }
        let zoom = try window.measureZoomNotches(steps: steps) { try window.run { wall.isIdle } }
        columns.insert(wall.collectionView.layout.columnCount)
        if steps > 1 { columns.insert(wall.collectionView.layout.columnCount + 1) }  // in, then out again
        return ZoomTimes(scroll: scroll, zoom: zoom, repaint: repaint, columns: columns, items: wall.items.count)
    }

    /// `{"items": n, "scrollP50Ms": ..., "scrollP99Ms": ..., "repaintP99Ms": ..., "zoomP50Ms": ..., "zoomP99Ms": ...,
    /// "zoomOverScrollP99": ..., "zoomOverRepaintP99": ...}`.
    var json: String {
        let scrollP99 = percentile(0.99, of: scroll)
        let zoomP99 = percentile(0.99, of: zoom)
        let repaintP99 = percentile(0.99, of: repaint)
        return JSONValue.object([
            ("items", .int(items)), ("steps", .int(zoom.count)), ("columns", .array(columns.sorted().map { .int($0) })),
            ("scrollP50Ms", .number(rounded(percentile(0.5, of: scroll)))),
            ("scrollP99Ms", .number(rounded(scrollP99))),
            ("zoomP50Ms", .number(rounded(percentile(0.5, of: zoom)))), ("zoomP99Ms", .number(rounded(zoomP99))),
            ("repaintP50Ms", .number(rounded(percentile(0.5, of: repaint)))),
            ("repaintP99Ms", .number(rounded(repaintP99))),
            ("zoomOverScrollP99", .number(rounded(scrollP99 > 0 ? zoomP99 / scrollP99 : 0))),
            ("zoomOverRepaintP99", .number(rounded(repaintP99 > 0 ? zoomP99 / repaintP99 : 0))),
        ]).text
    }
}

/// The `fraction` percentile of `measured`'s frame times (nearest rank), in milliseconds.
func percentile(_ fraction: Double, of measured: [FrameMeasurement]) -> Double {
    let times = measured.map(\.milliseconds).sorted()
    guard !times.isEmpty else { return 0 }
    let rank = Int((fraction * Double(times.count)).rounded(.up)) - 1
    return times[min(times.count - 1, max(0, rank))]
}

/// `value` to the microsecond.
func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
