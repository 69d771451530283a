import Testing

@testable import Waterfall

/// Every refused update names what is wrong and leaves the view exactly as it was.
struct UpdateErrorTests {
    /// What must not change when an update is refused.
    private struct Snapshot: Equatable {
        var elements: [LayoutAttributes]
        var contentSize: Size
        var cells: [ItemPath: ObjectIdentifier]
        var views: [ElementID: ObjectIdentifier]
        var selected: ItemPath?
        var highlighted: ItemPath?
        var offset: Double
        var pool: [Int]

        init(_ view: CollectionView) {
            elements = everyElement(of: view.layout)
            contentSize = view.contentSize
            cells = cellIdentities(view)
            views = view.visibleSupplementaryViews.mapValues { ObjectIdentifier($0) }
            selected = view.selectedItem
            highlighted = view.highlightedItem
            offset = view.contentOffset
            pool = [view.reusePool.created, view.reusePool.reused, view.reusePool.count]
        }
    }

    /// Two sections of 6 and 4 items with headers; item 0.2 selected, 0.3 pressed, scrolled by 40.
    private static func harness() throws -> SectionHarness {
        let source = SectionsSource([[50, 30, 40, 20, 60, 30], [20, 20, 40, 30]])
        source.headers = [0: 20, 1: 20]
        let harness = try SectionHarness(source)
        harness.view.setContentOffset(40)
        harness.view.selectItem(at: ItemPath(item: 2, section: 0))
        harness.view.pointerDown(at: Point(x: 130, y: 10))
        #expect(harness.view.highlightedItem == ItemPath(item: 1, section: 0))
        return harness
    }

    /// Expects `update` (after `change` to the data) to throw `error` with `message`, leaving the view as it was.
    private func expectRefused(
        _ error: UpdateError, _ message: String, change: (SectionsSource) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (CollectionView) throws -> Void
    ) throws {
        let harness = try Self.harness()
        let view = harness.view
        let before = Snapshot(view)
        let log = harness.log
        change(harness.data)
        #expect(throws: error, sourceLocation: sourceLocation) { try update(view) }
        #expect(error.description == message, sourceLocation: sourceLocation)
        #expect(Snapshot(view) == before, sourceLocation: sourceLocation)
        #expect(harness.log == log, sourceLocation: sourceLocation)
        view.checkInvariants()
    }

    private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(item: item, section: section) }

    @Test func indicesOutOfRange() throws {
        try expectRefused(
            .itemOutOfRange(.deleteItem(path(0, 6)), path: path(0, 6), count: 6, .beforeUpdate),
            "cannot delete item 0.6: item 0.6 is outside the 6 items section 0 has before the update"
        ) {
            try $0.deleteItems(at: [path(0, 6)])
        }
        try expectRefused(
            .itemOutOfRange(.insertItem(path(1, 6)), path: path(1, 6), count: 5, .afterUpdate),
            "cannot insert item 1.6: item 1.6 is outside the 5 items section 1 has after the update",
            change: { $0.sections[1].append(10) }
        ) {
            try $0.insertItems(at: [path(1, 6)])
        }
        try expectRefused(
            .sectionOutOfRange(.reloadItem(path(2, 0)), section: 2, count: 2, .beforeUpdate),
            "cannot reload item 2.0: section 2 is outside the 2 sections there are before the update"
        ) {
            try $0.reloadItems(at: [path(2, 0)])
        }
        try expectRefused(
            .sectionOutOfRange(.moveSection(from: 0, to: 2), section: 2, count: 2, .afterUpdate),
            "cannot move section 0 to 2: section 2 is outside the 2 sections there are after the update"
        ) {
            try $0.moveSection(0, toSection: 2)
        }
        try expectRefused(
            .itemOutOfRange(
                .invalidateHeight(path(1, 4), keepingColumn: true), path: path(1, 4), count: 4, .afterUpdate),
            "cannot invalidate the height of item 1.4: item 1.4 is outside the 4 items section 1 has after the update"
        ) {
            try $0.invalidateHeight(ofItemAt: path(1, 4))
        }
    }

    @Test func itemsAndSectionsNamedTwice() throws {
        try expectRefused(
            .itemNamedTwice(path(0, 1), .beforeUpdate, .deleteItem(path(0, 1)), .deleteItem(path(0, 1))),
            "item 0.1 (before the update) is named twice in one update: by delete item 0.1 and by delete item 0.1",
            change: { $0.sections[0].remove(at: 1) }
        ) {
            try $0.deleteItems(at: [path(0, 1), path(0, 1)])
        }
        try expectRefused(
            .itemNamedTwice(
                path(0, 1), .beforeUpdate, .deleteItem(path(0, 1)), .moveItem(from: path(0, 1), to: path(1, 0))),
            "item 0.1 (before the update) is named twice in one update: by delete item 0.1 and by move item 0.1 to 1.0"
        ) { view in
            try view.performBatchUpdates {
                try view.deleteItems(at: [path(0, 1)])
                try view.moveItem(at: path(0, 1), to: path(1, 0))
            }
        }
        try expectRefused(
            .itemNamedTwice(
                path(0, 1), .beforeUpdate, .moveItem(from: path(0, 1), to: path(0, 0)),
                .moveItem(from: path(0, 1), to: path(0, 4))),
            "item 0.1 (before the update) is named twice in one update: by move item 0.1 to 0.0 and by move item 0.1 to 0.4"
        ) { view in
            try view.performBatchUpdates {
                try view.moveItem(at: path(0, 1), to: path(0, 0))
                try view.moveItem(at: path(0, 1), to: path(0, 4))
            }
        }
        try expectRefused(
            .itemNamedTwice(
                path(1, 0), .afterUpdate, .insertItem(path(1, 0)), .moveItem(from: path(0, 0), to: path(1, 0))),
            "item 1.0 (after the update) is named twice in one update: by insert item 1.0 and by move item 0.0 to 1.0"
        ) { view in
            try view.performBatchUpdates {
                try view.insertItems(at: [path(1, 0)])
                try view.moveItem(at: path(0, 0), to: path(1, 0))
            }
        }
        try expectRefused(
            .sectionNamedTwice(0, .beforeUpdate, .deleteSection(0), .reloadSection(0)),
            "section 0 (before the update) is named twice in one update: by delete section 0 and by reload section 0"
        ) { view in
            try view.performBatchUpdates {
                try view.deleteSections([0])
                try view.reloadSections([0])
            }
        }
    }

    @Test func itemChangesInASectionThatIsReplacedWhole() throws {
        try expectRefused(
            .itemInReplacedSection(.deleteItem(path(1, 0)), sectionOperation: .deleteSection(1)),
            "cannot delete item 1.0: delete section 1 in the same update replaces that section whole",
            change: { $0.sections.removeLast() }
        ) { view in
            try view.performBatchUpdates {
                try view.deleteSections([1])
                try view.deleteItems(at: [path(1, 0)])
            }
        }
        try expectRefused(
            .itemInReplacedSection(.insertItem(path(0, 0)), sectionOperation: .reloadSection(0)),
            "cannot insert item 0.0: reload section 0 in the same update replaces that section whole"
        ) { view in
            try view.performBatchUpdates {
                try view.reloadSections([0])
                try view.insertItems(at: [path(0, 0)])
            }
        }
    }

    @Test func countsThatDifferFromTheDataSource() throws {
        try expectRefused(
            .itemCountMismatch(section: 1, expected: 5, reported: 4),
            "section 1 should have 5 items after the update but the data source reports 4"
        ) {
            try $0.insertItems(at: [path(1, 0)])
        }
        try expectRefused(
            .itemCountMismatch(section: 0, expected: 5, reported: 6),
            "section 0 should have 5 items after the update but the data source reports 6"
        ) {
            try $0.moveItem(at: path(0, 0), to: path(1, 0))
        }
        try expectRefused(
            .sectionCountMismatch(expected: 3, reported: 2),
            "there should be 3 sections after the update but the data source reports 2"
        ) {
            try $0.insertSections([2])
        }
    }

    @Test func answersThatCannotBeLaidOutChangeNothingAnywhere() throws {
        // Section 0's insert is fine and asked first; section 1's new item is not: neither is applied.
        try expectRefused(
            .invalidLayout(.inSection(1, .invalidHeight(index: 0, height: -1))),
            "the updated data cannot be laid out: section 1: item 0 has height -1.0; a height must be finite and not negative",
            change: {
                $0.sections[0].insert(10, at: 0)
                $0.sections[1].insert(-1, at: 0)
            }
        ) { view in
            try view.performBatchUpdates {
                try view.insertItems(at: [path(0, 0), path(1, 0)])
            }
        }
        // A new section laid out in full, then a bad header height in another: the new section's work is undone.
        try expectRefused(
            .invalidLayout(.inSection(2, .invalidSupplementaryHeight(kind: .header, height: .infinity))),
            "the updated data cannot be laid out: section 2: the header has height inf; a height must be finite and not negative",
            change: {
                $0.sections.insert([30, 30], at: 0)
                $0.headers = [0: 20, 1: 20, 2: .infinity]
                $0.sections[2].append(5)
            }
        ) { view in
            try view.performBatchUpdates {
                try view.insertSections([0])
                try view.insertItems(at: [path(2, 4)])
            }
        }
        try expectRefused(
            .invalidLayout(.inSection(0, .invalidHeight(index: 3, height: -2))),
            "the updated data cannot be laid out: section 0: item 3 has height -2.0; a height must be finite and not negative",
            change: { $0.sections[0][3] = -2 }
        ) {
            try $0.invalidateHeight(ofItemAt: path(0, 3))
        }
    }
}
