extension Rect {
    /// The parts of this rectangle that none of `covers` covers, as rectangles that do not overlap: in horizontal
    /// bands between the covers' top and bottom edges, each band's gaps between them, and a gap as wide as the one
    /// below it in the band above joined into one. Their edges are this rectangle's and the covers' own, so a canvas
    /// that rounds each edge to a pixel leaves no pixel between a gap and its cover.
    /// - Complexity: O(n² log n) for n covers: meant for the few dozen views on a screen.
    func subtracting(_ covers: [Rect]) -> [Rect] {
        let inside = covers.compactMap { $0.intersection(self) }.filter { $0.width > 0 && $0.height > 0 }
        guard !inside.isEmpty else { return [self] }
        let edges = Set([minY, maxY] + inside.flatMap { [$0.minY, $0.maxY] }).sorted()
        var gaps: [Rect] = []
        /// The gaps of the band above, by their left and right edges: where a gap of the same edges continues.
        var open: [ClosedRange<Double>: Int] = [:]
        for (top, bottom) in zip(edges, edges.dropFirst()) {
            let spans = inside.filter { $0.minY <= top && $0.maxY >= bottom }.map { ($0.minX, $0.maxX) }.sorted {
                $0.0 < $1.0
            }
            var band: [ClosedRange<Double>] = []
            var x = minX
            for (left, right) in spans {
                if left > x { band.append(x...left) }
                x = Swift.max(x, right)
            }
            if x < maxX { band.append(x...maxX) }
            var continued: [ClosedRange<Double>: Int] = [:]
            for span in band {
                if let index = open[span] {
                    gaps[index] = Rect(
                        x: gaps[index].minX, y: gaps[index].minY, width: gaps[index].width,
                        height: bottom - gaps[index].minY)
                    continued[span] = index
                } else {
                    continued[span] = gaps.count
                    gaps.append(
                        Rect(x: span.lowerBound, y: top, width: span.upperBound - span.lowerBound, height: bottom - top)
                    )
                }
            }
            open = continued
        }
        return gaps
    }
}
