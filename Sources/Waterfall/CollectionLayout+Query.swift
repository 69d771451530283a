extension CollectionLayout {
    /// Where the item at `indexPath` is, in content coordinates, or `nil` when there is no such item.
    /// - Complexity: O(1).
    public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
            var attributes = sections[indexPath.section].columns.layoutAttributesForItem(at: indexPath.item)
        else { return nil }
        attributes.indexPath = indexPath
        attributes.frame = attributes.frame.offsetBy(dx: 0, dy: sections[indexPath.section].columnsTop)
        return attributes
    }

    /// Where a header, a footer or the load-more footer is; `nil` when it is not shown.
    /// - Complexity: O(1).
    public func layoutAttributesForSupplementaryElement(
        ofKind kind: ElementKind, inSection section: Int
    ) -> LayoutAttributes? {
        let frame: Rect?
        switch kind {
        case .cell: return nil
        case .header: frame = sections.indices.contains(section) ? sections[section].headerFrame : nil
        case .footer: frame = sections.indices.contains(section) ? sections[section].footerFrame : nil
        case .loadMoreFooter: frame = loadMoreFooterFrame
        }
        let indexPath = ItemPath(item: 0, section: kind == .loadMoreFooter ? 0 : section)
        return frame.map { LayoutAttributes(kind: kind, indexPath: indexPath, frame: $0, spansAllColumns: true) }
    }

    /// Where the element `id` is, or `nil` when it does not exist or is not shown.
    public func layoutAttributes(for id: ElementID) -> LayoutAttributes? {
        id.kind == .cell
            ? layoutAttributesForItem(at: id.indexPath)
            : layoutAttributesForSupplementaryElement(ofKind: id.kind, inSection: id.indexPath.section)
    }

    /// Every element whose frame intersects `rect`: cells, headers, footers and the load-more footer, in layout
    /// order (by section; in a section the header, the cells by item, the footer), each section's cells as its
    /// columns' `layoutAttributesForElements(in:)` gives them, already in order.
    /// - Complexity: O(log s + columns × log n + k × columns) for s sections and k results.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard rect.width > 0, rect.height > 0 else { return [] }
        var result: [LayoutAttributes] = []
        var section = sections.partitioningIndex { $0.bottom > rect.minY }
        while section < sections.count, sections[section].top < rect.maxY {
            let geometry = sections[section]
            if let header = geometry.headerFrame, header.intersects(rect) {
                result.append(
                    LayoutAttributes(
                        kind: .header, indexPath: ItemPath(item: 0, section: section), frame: header,
                        spansAllColumns: true))
            }
            let columnsTop = geometry.columnsTop
            for var cell in geometry.columns.layoutAttributesForElements(in: rect.offsetBy(dx: 0, dy: -columnsTop)) {
                cell.indexPath.section = section
                cell.frame = cell.frame.offsetBy(dx: 0, dy: columnsTop)
                result.append(cell)
            }
            if let footer = geometry.footerFrame, footer.intersects(rect) {
                result.append(
                    LayoutAttributes(
                        kind: .footer, indexPath: ItemPath(item: 0, section: section), frame: footer,
                        spansAllColumns: true))
            }
            section += 1
        }
        if let footer = loadMoreFooterFrame, footer.intersects(rect) {
            result.append(
                LayoutAttributes(
                    kind: .loadMoreFooter, indexPath: ItemPath(item: 0, section: 0), frame: footer,
                    spansAllColumns: true))
        }
        return result
    }

    /// Calls `body` with every element whose frame intersects `rect`: section by section from a binary search
    /// for the first section that reaches into it; in a section its header, its cells (column by column), its
    /// footer; then the load-more footer.
    /// - Complexity: O(log s + columns × log n + k) for s sections and k results.
    public func forEachElement(in rect: Rect, _ body: (ElementID) -> Void) {
        guard rect.width > 0, rect.height > 0 else { return }
        var section = sections.partitioningIndex { $0.bottom > rect.minY }
        while section < sections.count, sections[section].top < rect.maxY {
            let geometry = sections[section]
            if let header = geometry.headerFrame, header.intersects(rect) { body(.header(section)) }
            let columnsTop = geometry.columnsTop
            geometry.columns.forEachItem(in: rect.offsetBy(dx: 0, dy: -columnsTop)) { item in
                body(.cell(ItemPath(item: item, section: section)))
            }
            if let footer = geometry.footerFrame, footer.intersects(rect) { body(.footer(section)) }
            section += 1
        }
        if let footer = loadMoreFooterFrame, footer.intersects(rect) { body(.loadMoreFooter) }
    }

    /// The element under `point` (content coordinates), or `nil` over spacing, insets or empty space.
    /// - Complexity: O(log s + log n).
    public func element(at point: Point) -> ElementID? {
        if let footer = loadMoreFooterFrame, footer.contains(point) { return .loadMoreFooter }
        let section = sections.partitioningIndex { $0.bottom > point.y }
        guard section < sections.count, sections[section].top <= point.y else { return nil }
        let geometry = sections[section]
        if let header = geometry.headerFrame, header.contains(point) { return .header(section) }
        if let footer = geometry.footerFrame, footer.contains(point) { return .footer(section) }
        let local = Point(x: point.x, y: point.y - geometry.columnsTop)
        return geometry.columns.indexOfItem(at: local).map { .cell(ItemPath(item: $0, section: section)) }
    }

    /// The item under `point` (content coordinates), or `nil` when no cell is there.
    public func indexPathForItem(at point: Point) -> ItemPath? {
        guard let id = element(at: point), id.kind == .cell else { return nil }
        return id.indexPath
    }

    /// The path of the first item in layout order, when there are items.
    public var firstItemPath: ItemPath? {
        sections.firstIndex { $0.columns.numberOfItems > 0 }.map { ItemPath(item: 0, section: $0) }
    }
}
