extension CollectionView {
    /// The cells, headers and footers whose frames intersect the viewport (not the overscan), in reading order:
    /// section by section, each section's header, then its cells by item, then its footer. The load-more footer is
    /// not among them. What a screen reader is given of the view: the elements a person sees, never all the items.
    /// - Complexity: O(log s + columns × log n + k log k) for s sections, n items and k elements in view.
    public var elementsInViewport: [ElementID] {
        var elements: [ElementID] = []
        var cellsOfSection: [ElementID] = []
        var footer: ElementID?
        func endSection() {
            cellsOfSection.sort { $0.indexPath.item < $1.indexPath.item }
            elements += cellsOfSection
            if let footer { elements.append(footer) }
            cellsOfSection.removeAll(keepingCapacity: true)
            footer = nil
        }
        var section: Int?
        layout.forEachElement(in: visibleContentRect(overscan: 0)) { id in
            guard id.kind != .loadMoreFooter else { return }
            if id.indexPath.section != section {
                endSection()
                section = id.indexPath.section
            }
            switch id.kind {
            case .cell: cellsOfSection.append(id)
            case .footer: footer = id
            case .header, .loadMoreFooter: elements.append(id)
            }
        }
        endSection()
        return elements
    }
}
