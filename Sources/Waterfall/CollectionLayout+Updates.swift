extension CollectionLayout {
    /// What an update does to one section after it, worked out before anything changes.
    private enum SectionWork {
        /// Laid out afresh in a column layout of its own (inserted, reloaded, or restyled).
        case fresh(SectionGeometry)
        /// The section at `old` before the update, with its column layout: its items from `tail.first` on are
        /// replaced, then `restack`'s heights are set keeping their columns; a header or footer height, when
        /// given, replaces the old one.
        case kept(old: Int, tail: ItemTail?, restack: [(index: Int, height: Double)], header: Double?, footer: Double?)
    }

    /// A kept section's items from `first` on after an update: their heights and which of them span all columns.
    private struct ItemTail {
        var first: Int
        var heights: [Double] = []
        var spanning: [Int32] = []
    }

    /// Applies update `operations` (see `UpdatePlan` for their semantics) to the laid-out sections, asking
    /// `source` only what changed: the items from the first affected one on in each changed section are placed
    /// again with their stored heights, and only inserted and reloaded items, items moved to a width they did
    /// not have, and invalidated heights are asked. Sections laid out afresh: inserted and reloaded ones, and
    /// those whose index changed and whose style the source now gives differently. The headers and footers of
    /// sections whose items changed are asked again, and those reloaded on their own. Untouched sections keep their
    /// column layouts; those after a change only move down or up.
    /// - Returns: the plan, which says where each item before the update is after it.
    /// - Throws: `UpdateError`; the layout is then unchanged.
    /// - Complexity: O(sections) plus, per changed section, O((n − first affected) × columns).
    func performUpdates<Source: CollectionLayoutSource>(
        _ operations: [UpdateOperation], source: Source
    ) throws -> UpdatePlan {
        guard isValid else { throw UpdateError.invalidLayout(.notPrepared) }
        var plan = try UpdatePlan(operations, oldItemCounts: sections.map(\.columns.numberOfItems), source: source)
        // First ask everything that can fail, changing nothing but the spares.
        var work: [SectionWork] = []
        do {
            for (section, origin) in plan.origins.enumerated() {
                work.append(try self.work(for: section, from: origin, plan: &plan, source: source))
            }
        } catch {
            for case .fresh(let geometry) in work { spareColumns.append(geometry.columns) }
            throw (error as? LayoutError).map(UpdateError.invalidLayout) ?? error
        }
        apply(work)
        return plan
    }

    private func work<Source: CollectionLayoutSource>(
        for section: Int, from origin: UpdatePlan.SectionOrigin, plan: inout UpdatePlan,
        source: Source
    ) throws -> SectionWork {
        guard case .kept(let old) = origin else {
            return .fresh(try makeSection(section, style: source.style(ofSection: section), from: source))
        }
        if old != section {
            let style = source.style(ofSection: section)
            if style != sections[old].style {
                plan.restyledSections.insert(section)
                return .fresh(try makeSection(section, style: style, from: source))
            }
        }
        do {
            var tail: ItemTail?
            var restack: [(index: Int, height: Double)] = []
            if let changes = plan.itemChanges[section] {
                var asked = Set<Int>()
                tail = try changes.firstPlacementChange.map {
                    try itemTail(from: $0, of: section, changes: changes, source: source, asked: &asked)
                }
                restack = try restackedHeights(of: section, changes: changes, tail: tail, asked: asked, source: source)
            }
            // A structural change asks both again; a header or footer reloaded on its own, itself alone.
            func height(_ kind: ElementKind) throws -> Double? {
                guard plan.isSupplementaryElementAskedAgain(kind, inSection: section) else { return nil }
                return try supplementaryHeight(kind, section: section, width: sections[old].fullWidth, source: source)
            }
            return .kept(
                old: old, tail: tail, restack: restack, header: try height(.header), footer: try height(.footer))
        } catch let error as LayoutError {
            throw LayoutError.inSection(section, error)
        }
    }

    /// The heights and banners of kept `section`'s items from `first` on: survivors keep their stored heights,
    /// moved items keep theirs when their width is the same, the others are asked (their indices go to `asked`).
    private func itemTail<Source: CollectionLayoutSource>(
        from first: Int, of section: Int, changes: UpdatePlan.ItemChanges, source: Source, asked: inout Set<Int>
    ) throws -> ItemTail {
        let columns = sections[changes.oldSection].columns
        var tail = ItemTail(first: first)
        tail.heights.reserveCapacity(changes.count - first)
        var oldItem = first  // the next item before the update that may survive
        var removed = changes.removed.partitioningIndex { $0 >= first }
        var taken = changes.taken.partitioningIndex { $0 >= first }
        for item in first..<changes.count {
            let path = ItemPath(item: item, section: section)
            let spans: Bool
            var stored: Double?
            if taken < changes.taken.count, changes.taken[taken] == item {
                taken += 1
                spans = source.itemSpansAllColumns(at: path)
                if let origin = changes.movedIn[item] {
                    let from = sections[origin.section].columns
                    let width = spans ? columns.fullWidth : columns.columnWidth
                    stored = from.itemWidth(ofItem: origin.item) == width ? from.itemHeight[origin.item] : nil
                }
            } else {
                while removed < changes.removed.count, changes.removed[removed] == oldItem {
                    removed += 1
                    oldItem += 1
                }
                let isReloaded = changes.reloaded.contains(oldItem)
                spans =
                    isReloaded
                    ? source.itemSpansAllColumns(at: path)
                    : columns.itemColumn[oldItem] == WaterfallLayout.spanningColumn
                stored = isReloaded ? nil : columns.itemHeight[oldItem]
                oldItem += 1
            }
            // its height is invalidated without keeping its column
            if changes.invalidated[item] == false { stored = nil }
            let width = spans ? columns.fullWidth : columns.columnWidth
            if stored == nil { asked.insert(item) }
            tail.heights.append(
                try stored
                    ?? WaterfallLayout.checkedHeight(
                        source.heightOfItem(at: path, width: width),
                        index: item, columnWidth: width))
            if spans { tail.spanning.append(Int32(truncatingIfNeeded: item)) }
        }
        return tail
    }

    /// The new heights of kept `section`'s items whose heights are invalidated keeping their columns, except those
    /// already `asked` for the tail.
    private func restackedHeights<Source: CollectionLayoutSource>(
        of section: Int, changes: UpdatePlan.ItemChanges, tail: ItemTail?, asked: Set<Int>, source: Source
    ) throws -> [(index: Int, height: Double)] {
        let columns = sections[changes.oldSection].columns
        return try changes.invalidated.filter { $0.value && !asked.contains($0.key) }.keys.sorted().map { item in
            let spans =
                if let tail, item >= tail.first {
                    tail.spanning[tail.spanning.partitioningIndex { $0 >= item }...].first == Int32(item)
                } else {
                    columns.itemColumn[item] == WaterfallLayout.spanningColumn
                }
            let width = spans ? columns.fullWidth : columns.columnWidth
            let height = source.heightOfItem(at: ItemPath(item: item, section: section), width: width)
            return (item, try WaterfallLayout.checkedHeight(height, index: item, columnWidth: width))
        }
    }

    /// Makes the sections those of `work`: the kept ones change as it says, the others' column layouts go to the
    /// spares, and every section's top follows the one above.
    /// - Complexity: O(sections) plus the changed sections' placement.
    private func apply(_ work: [SectionWork]) {
        var isKept = [Bool](repeating: false, count: sections.count)
        let updated = work.map { work -> SectionGeometry in
            switch work {
            case .fresh(let geometry):
                return geometry
            case .kept(let old, let tail, let restack, let header, let footer):
                isKept[old] = true
                var geometry = sections[old]
                if let tail {
                    geometry.columns.replaceItems(from: tail.first, heights: tail.heights, spanning: tail.spanning)
                }
                geometry.columns.setHeights(restack, keepingColumns: true)
                if let header { geometry.headerHeight = header }
                if let footer { geometry.footerHeight = footer }
                return geometry
            }
        }
        for (section, kept) in isKept.enumerated() where !kept { spareColumns.append(sections[section].columns) }
        sections = updated
        for section in sections.indices { sections[section].top = section == 0 ? 0 : sections[section - 1].bottom }
        updateContentSize()
    }
}
