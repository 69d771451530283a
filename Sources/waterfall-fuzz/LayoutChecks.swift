import Waterfall

/// What every prepared layout must satisfy, whatever its input: its invariants, finite frames inside the content,
/// and rect and point queries that agree with the frames of the items one by one.
enum LayoutChecks {
    /// Checks `layout`. With `everyItemHasArea` (the demo's cards are at least a caption tall and a column wide),
    /// a query of the whole content returns every item exactly once.
    static func check(_ layout: CollectionLayout, everyItemHasArea: Bool) {
        layout.checkInvariants()
        for section in 0..<layout.numberOfSections {
            if let columns = layout.columns(ofSection: section) { checkShortestColumns(columns, section: section) }
        }
        let content = layout.contentSize
        precondition(content.height.isFinite && content.height >= 0, "content height \(content.height)")
        // An item's frame is its section-local frame moved down by the section's columns' top: its bottom is
        // (top + y) + height, while the content ends at top + (y + height) or below. The two sums round apart by
        // at most two ulps (found by the fuzzer: 2048.5 + 341.3333333333333 ends one ulp below the content's end).
        let roundingSlack = 4 * content.height.ulp  // two ulps of the larger binade, should the sum cross a power of 2
        var frames: [(ItemPath, Rect)] = []
        for section in 0..<layout.numberOfSections {
            for item in 0..<layout.numberOfItems(inSection: section) {
                let path = ItemPath(item: item, section: section)
                guard let frame = layout.layoutAttributesForItem(at: path)?.frame else {
                    preconditionFailure("no frame for \(path)")
                }
                precondition(
                    [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite), "\(path) at \(frame)")
                precondition(
                    frame.minY >= 0 && frame.maxY <= content.height + roundingSlack,
                    "\(path) at \(frame) outside the content \(content)")
                frames.append((path, frame))
            }
        }
        precondition(layout.layoutAttributesForItem(at: ItemPath(item: -1, section: 0)) == nil, "an item at -1")
        precondition(
            layout.layoutAttributesForItem(at: ItemPath(item: 0, section: layout.numberOfSections)) == nil,
            "an item past the sections")

        let everything = Rect(x: 0, y: 0, width: max(content.width, 1), height: content.height)
        let all = layout.layoutAttributesForElements(in: everything).filter { $0.kind == .cell }.map(\.indexPath)
        if everyItemHasArea {
            precondition(
                all.count == frames.count && Set(all).count == frames.count,
                "\(all.count) of \(frames.count) items in the whole content")
        }
        // A few bands: each query returns exactly the items whose frames share area with it. Frames too thin for
        // Double at their place (a height of 5e-324 at y = 10 ends at 10) are left out: the layout counts them from
        // their top, the frame's computed bottom cannot. So are, for each band, frames whose top or bottom is within
        // the rounding slack of the band's bottom or top: the layout answers in its sections' own coordinates, where
        // such a frame may just touch the band or just overlap it (found by the fuzzer: an item ending at
        // 865.6666666666666 in content coordinates, where the band began, ended below it in its section's).
        let thin = Set(frames.filter { $0.1.maxY == $0.1.minY || $0.1.maxX == $0.1.minX }.map(\.0))
        func touchingEdges(of band: Rect) -> Set<ItemPath> {
            Set(
                frames.filter {
                    abs($0.1.maxY - band.minY) <= roundingSlack || abs($0.1.minY - band.maxY) <= roundingSlack
                }.map(\.0))
        }
        let height = max(content.height, 1)
        for band in [
            Rect(x: 0, y: 0, width: everything.width, height: height / 3),
            Rect(x: 0, y: height / 2, width: everything.width, height: 1),
            Rect(x: everything.width / 2, y: height / 4, width: 1, height: height / 2),
            Rect(x: 0, y: height - 1, width: everything.width, height: 10),
        ] {
            let unclear = thin.union(touchingEdges(of: band))
            let found = Set(layout.layoutAttributesForElements(in: band).filter { $0.kind == .cell }.map(\.indexPath))
                .subtracting(unclear)
            let expected = Set(frames.filter { $0.1.intersects(band) }.map(\.0)).subtracting(unclear)
            precondition(
                found == expected,
                "the query of \(band) found \(found.count) items, the frames say \(expected.count): "
                    + "\(frames.filter { found.symmetricDifference(expected).contains($0.0) })")
        }
        // The centre of every tenth item hits that item (when the frame holds its centre: a height of 5e-324 at
        // y = 2241 has no extent in Double, 2241 + 5e-324 being 2241; and when the centre is clear of the frame's
        // edges by more than the rounding slack, for the same reason as the bands').
        for (path, frame) in frames.enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
            let centre = Point(x: frame.midX, y: frame.midY)
            guard frame.contains(centre), frame.height > 2 * roundingSlack else { continue }
            let hit = layout.indexPathForItem(at: centre)
            precondition(hit == path, "the centre of \(path) at \(frame) hits \(String(describing: hit))")
        }
    }

    /// With `shortestColumn` placement, each item is in the leftmost column whose bottom, as the frames before it
    /// leave it, is within `tieTolerance` of the lowest (the top inset for a column without items yet); after a
    /// banner every column continues below it. Checked on the frames alone, apart from the placement code.
    static func checkShortestColumns(_ layout: WaterfallLayout, section: Int) {
        guard layout.placement == .shortestColumn, layout.columnCount >= 1 else { return }
        var bottoms = [Double](repeating: layout.insets.top, count: layout.columnCount)
        for index in 0..<layout.numberOfItems {
            guard let item = layout.layoutAttributesForItem(at: index) else {
                preconditionFailure("no item \(index) in section \(section)")
            }
            if item.spansAllColumns {
                bottoms = Array(repeating: item.frame.maxY, count: bottoms.count)
                continue
            }
            let lowest = bottoms.min() ?? layout.insets.top
            let expected = bottoms.firstIndex { $0 <= lowest + WaterfallLayout.tieTolerance } ?? 0
            precondition(
                item.column == expected,
                "section \(section) item \(index) is in column \(item.column), but the leftmost "
                    + "shortest of the bottoms \(bottoms) is \(expected)")
            bottoms[item.column] = item.frame.maxY
        }
    }
}
