/// The layout's invariants, for tests and debug builds: each section's columns keep theirs (no two frames overlap
/// within a column), sections follow one another without overlapping, headers and footers stay clear of their
/// columns, and everything lies inside the content.
extension CollectionLayout {
    /// Every broken invariant, one line each naming the section (and the item and column); empty when all hold.
    /// - Complexity: O(n + b × columns × log n) for n items and b banners.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        var previousBottom = 0.0
        for (section, geometry) in sections.enumerated() {
            problems += geometry.columns.invariantViolations().map { "section \(section): \($0)" }
            if geometry.top != previousBottom {
                problems.append(
                    "section \(section) starts at \(geometry.top), not at the previous section's bottom \(previousBottom)"
                )
            }
            if !(geometry.bottom >= geometry.top) {
                problems.append("section \(section) ends at \(geometry.bottom), above its top \(geometry.top)")
            }
            if let header = geometry.headerFrame, header.maxY > geometry.columnsTop {
                problems.append(
                    "header \(section) reaches to \(header.maxY), below its columns' top \(geometry.columnsTop)")
            }
            if let footer = geometry.footerFrame {
                let columnsBottom = geometry.columnsTop + geometry.columns.contentSize.height
                if footer.minY < columnsBottom {
                    problems.append(
                        "footer \(section) starts at \(footer.minY), above its columns' bottom \(columnsBottom)")
                }
                if footer.maxY > geometry.bottom {
                    problems.append(
                        "footer \(section) reaches to \(footer.maxY), below its section's bottom \(geometry.bottom)")
                }
            }
            previousBottom = geometry.bottom
        }
        if !(contentSize.height >= previousBottom) {
            problems.append(
                "the content ends at \(contentSize.height), above the last section's bottom \(previousBottom)")
        }
        return problems
    }

    /// Traps with every broken invariant when any is broken. For tests and debug builds.
    public func checkInvariants() {
        let problems = invariantViolations()
        precondition(problems.isEmpty, "CollectionLayout invariants broken:\n" + problems.joined(separator: "\n"))
    }
}
