/// The layout's invariants, for tests and debug builds: every item in one column or spanning all of them, each
/// column's items in increasing y without overlapping, no banner overlapping a column's item, every frame finite and
/// inside the content, and a column index that lists exactly the items it has reached, each in its column, in order.
extension WaterfallLayout {
    /// Every broken invariant, one line each naming the item and the column; empty when all hold. Checks the column
    /// index as far as it has listed items, without listing more.
    /// - Complexity: O(n + columns).
    public func invariantViolations() -> [String] {
        guard itemColumn.count == itemY.count, itemY.count == itemHeight.count else {
            return [
                "the per-item arrays differ in length: \(itemColumn.count) columns, \(itemY.count) ys, \(itemHeight.count) heights"
            ]
        }
        return frameViolations() + bannerListViolations() + indexViolations()
    }

    /// Traps with every broken invariant when any is broken. For tests and debug builds.
    public func checkInvariants() {
        let problems = invariantViolations()
        precondition(problems.isEmpty, "WaterfallLayout invariants broken:\n" + problems.joined(separator: "\n"))
    }

    /// The frames, item by item in index order: each finite and inside the content, each column item below the one
    /// before it in its column, and each banner below every item before it and above every item after it. Items and
    /// banners of no height overlap nothing.
    private func frameViolations() -> [String] {
        var problems: [String] = []
        // Each column's item last seen (or the last banner, which every column continues below), and its bottom.
        var above: [(index: Int, bottom: Double)?] = Array(repeating: nil, count: columnBottoms.count)
        for index in itemY.indices {
            let top = itemY[index]
            let height = itemHeight[index]
            guard top.isFinite, height.isFinite, height >= 0 else {
                problems.append("item \(index) has the frame y \(top), height \(height)")
                continue
            }
            if top + height > contentSize.height {
                problems.append(
                    "item \(index) reaches to \(top + height), below the content's height \(contentSize.height)")
            }
            let column = itemColumn[index]
            if column == Self.spanningColumn {
                problems += bannerOverlaps(index, top: top, height: height, above: above)
                above = Array(repeating: (index, top + height), count: above.count)
            } else if Int(column) < above.count {
                if let (other, bottom) = above[Int(column)], top < bottom {
                    if itemColumn[other] != Self.spanningColumn {
                        problems.append(
                            "item \(index) (y \(top)) overlaps item \(other) above it in column \(column) (bottom \(bottom))"
                        )
                    } else if height > 0, itemHeight[other] > 0 {
                        problems.append(
                            "item \(index) of column \(column) (y \(top) to \(top + height)) overlaps banner \(other) above it "
                                + "(y \(itemY[other]) to \(bottom))")
                    }
                }
                above[Int(column)] = (index, top + height)
            } else {
                problems.append("item \(index) is in column \(column) of \(columnBottoms.count)")
            }
        }
        return problems
    }

    /// The overlaps of banner `index` with what lies above it: the last item of each column (when both have
    /// height), or the banner before it, once.
    private func bannerOverlaps(
        _ index: Int, top: Double, height: Double, above: [(index: Int, bottom: Double)?]
    ) -> [String] {
        var problems: [String] = []
        for (column, last) in above.enumerated() {
            guard let (other, bottom) = last, top < bottom else { continue }
            if itemColumn[other] == Self.spanningColumn {
                if column == 0 {
                    problems.append("banner \(index) (y \(top)) overlaps banner \(other) above it (bottom \(bottom))")
                }
            } else if height > 0, itemHeight[other] > 0 {
                problems.append(
                    "banner \(index) (y \(top) to \(top + height)) overlaps item \(other) of column \(column) (bottom \(bottom))"
                )
            }
        }
        return problems
    }

    /// The banners' list: exactly the items stored as spanning all columns, in increasing index.
    private func bannerListViolations() -> [String] {
        let stored = itemColumn.indices.filter { itemColumn[$0] == Self.spanningColumn }
        let listed = spanningItems.map(Int.init)
        return listed == stored
            ? [] : ["the banners listed \(listed.prefix(20)) are not the items stored as banners \(stored.prefix(20))"]
    }

    /// The column index: it has reached `indexedCount` items, and each column's list holds exactly the column's items
    /// among them, in increasing index (so increasing y), and the bottoms below them are the columns' bottoms there.
    private func indexViolations() -> [String] {
        // An empty layout (never prepared, or left empty by a failed `prepare`) may have no lists at all.
        if itemY.isEmpty, indexedCount == 0, columnItems.allSatisfy(\.isEmpty) { return [] }
        let columns = columnBottoms.count
        guard indexedCount >= 0, indexedCount <= itemY.count, columnItems.count == columns,
            indexedBottoms.count == columns
        else {
            return [
                "the column index has reached \(indexedCount) of \(itemY.count) items in \(columnItems.count) lists "
                    + "with \(indexedBottoms.count) bottoms for \(columns) columns"
            ]
        }
        var problems: [String] = []
        var expected: [[Int32]] = Array(repeating: [], count: columns)
        var bottoms = Array(repeating: insets.top, count: columns)
        for index in 0..<indexedCount {
            let column = itemColumn[index]
            let bottom = itemY[index] + itemHeight[index]
            if column == Self.spanningColumn {
                bottoms = Array(repeating: bottom, count: columns)
            } else {
                expected[Int(column)].append(Int32(index))
                bottoms[Int(column)] = bottom
            }
        }
        for column in 0..<columns where columnItems[column] != expected[column] {
            problems.append(
                "column \(column) lists the items \(columnItems[column].prefix(12).map(Int.init)), but its items among "
                    + "the first \(indexedCount) are \(expected[column].prefix(12).map(Int.init))")
        }
        if indexedBottoms != bottoms {
            problems.append(
                "the column index's bottoms are \(indexedBottoms), below its \(indexedCount) items they are \(bottoms)")
        }
        return problems
    }
}
