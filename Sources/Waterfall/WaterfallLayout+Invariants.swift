/// The layout's invariants, for tests and debug builds: every item in exactly one column (or spanning all of
/// them), each column's items sorted by y without overlapping, no banner overlapping a column's item, every frame
/// finite and inside the content.
extension WaterfallLayout {
    /// Every broken invariant, one line each naming the item and the column; empty when all hold.
    /// - Complexity: O(n + b × columns × log n) for n items and b banners.
    public func invariantViolations() -> [String] {
        guard itemColumn.count == itemY.count, itemY.count == itemHeight.count else {
            return ["the per-item arrays differ in length: \(itemColumn.count) columns, \(itemY.count) ys, \(itemHeight.count) heights"]
        }
        var problems: [String] = []
        var listed = [Bool](repeating: false, count: itemY.count)
        func list(_ index: Int, in place: String) -> Bool {
            guard itemY.indices.contains(index) else {
                problems.append("\(place) lists item \(index), which does not exist (\(itemY.count) items)")
                return false
            }
            if listed[index] { problems.append("item \(index) is listed twice (again in \(place))") }
            listed[index] = true
            let top = itemY[index], height = itemHeight[index]
            if !top.isFinite || !height.isFinite || height < 0 {
                problems.append("item \(index) has the frame y \(top), height \(height)")
            } else if top + height > contentSize.height {
                problems.append("item \(index) reaches to \(top + height), below the content's height \(contentSize.height)")
            }
            return true
        }
        for (column, items) in columnItems.enumerated() {
            var above: Int?
            for entry in items {
                let index = Int(entry)
                guard list(index, in: "column \(column)") else { continue }
                if Int(itemColumn[index]) != column {
                    problems.append("item \(index) is listed in column \(column) but stored in column \(itemColumn[index])")
                }
                if let above, itemY[index] < bottom(of: above) {
                    problems.append("item \(index) (y \(itemY[index])) overlaps item \(above) above it in column \(column) (bottom \(bottom(of: above)))")
                }
                above = index
            }
        }
        var previousBanner: Int?
        for entry in spanningItems {
            let index = Int(entry)
            guard list(index, in: "the banners") else { continue }
            if itemColumn[index] != Self.spanningColumn {
                problems.append("banner \(index) is stored in column \(itemColumn[index])")
            }
            if let previous = previousBanner, itemY[index] < bottom(of: previous) {
                problems.append("banner \(index) (y \(itemY[index])) overlaps banner \(previous) above it (bottom \(bottom(of: previous)))")
            }
            previousBanner = index
        }
        for (index, isListed) in listed.enumerated() where !isListed {
            problems.append("item \(index) is in no column and spans none")
        }
        if problems.isEmpty { problems += bannerOverlaps() }
        return problems
    }

    /// Traps with every broken invariant when any is broken. For tests and debug builds.
    public func checkInvariants() {
        let problems = invariantViolations()
        precondition(problems.isEmpty, "WaterfallLayout invariants broken:\n" + problems.joined(separator: "\n"))
    }

    /// The column items each banner overlaps (with the columns already known sorted and without overlaps): in each
    /// column, from the first item reaching below the banner's top, those that start above its bottom.
    private func bannerOverlaps() -> [String] {
        var problems: [String] = []
        for entry in spanningItems {
            let banner = Int(entry)
            guard itemHeight[banner] > 0 else { continue }
            for (column, items) in columnItems.enumerated() {
                var position = firstPosition(startingAtOrBelow: itemY[banner], in: items)
                while position < items.count, case let index = Int(items[position]), itemY[index] < bottom(of: banner) {
                    if itemHeight[index] > 0, itemY[banner] < bottom(of: index) {
                        problems.append("banner \(banner) (y \(itemY[banner]) to \(bottom(of: banner))) overlaps item \(index) "
                                        + "of column \(column) (y \(itemY[index]) to \(bottom(of: index)))")
                        break
                    }
                    position += 1
                }
            }
        }
        return problems
    }

    private func bottom(of index: Int) -> Double { itemY[index] + itemHeight[index] }
}
