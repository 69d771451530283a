import SeededRandom
import Testing

@_spi(Testing) @testable import Waterfall

/// The frame of element `id` in content coordinates, if it is laid out.
private func frame(_ view: CollectionView, _ id: ElementID) -> Rect? {
    view.layout.layoutAttributes(for: id)?.frame
}

/// `reloadSupplementaryElements(ofKind:inSections:)`: a header or footer asked again on its own, its new text drawn,
/// its new height moving exactly what is below it, and nothing else asked, moved or made again.
struct SupplementaryReloadTests {
    /// 3 sections of 4 items of 40 in 2 columns, each with a header of 30; a footer of 20 under the last, saying
    /// "1 of 3 loaded". Section 0 spans 0..<150, section 1 150..<300, section 2 300..<480 (its footer 450..<470).
    static func threeSections() throws -> SectionHarness {
        let data = SectionsSource(Array(repeating: Array(repeating: 40, count: 4), count: 3))
        data.headers = [0: 30, 1: 30, 2: 30]
        data.footers = [2: 20]
        let harness = try SectionHarness(data)
        harness.barTexts[.footer(2)] = "1 of 3 loaded"
        return harness
    }

    @Test func aFooterAskedAgainIsDrawnWithItsNewTextAndNothingElseIsRemade() throws {
        let harness = try Self.threeSections()
        let view = harness.view
        view.setContentOffset(280)  // the end: section 1's last row, then all of section 2
        #expect(view.selectItem(at: ItemPath(item: 3, section: 1)))
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        #expect(canvas.commands.contains(.text("1 of 3 loaded", Point(x: 10, y: 180), BarView.textColor)))
        let cells = cellIdentities(view)
        let frames = everyElement(of: view.layout)
        let created = view.reusePool.created
        let reused = view.reusePool.reused
        harness.data.forgetAsked()
        harness.barTexts[.footer(2)] = "3 of 3 loaded"

        try view.reloadSupplementaryElements(ofKind: .footer, inSections: [2])

        #expect(harness.data.barHeightsAsked == [.footer(2)])
        #expect(harness.barsAsked.suffix(1) == [.footer(2)])
        #expect(harness.data.asked == [])  // no item's height
        #expect(everyElement(of: view.layout) == frames)
        #expect(view.contentOffset == 280)
        #expect(cellIdentities(view) == cells)
        #expect(view.reusePool.created == created)  // the old footer's view, from the pool
        #expect(view.reusePool.reused == reused + 1)
        #expect(view.indexPathsForSelectedItems == [ItemPath(item: 3, section: 1)])
        #expect(view.visibleCells[ItemPath(item: 3, section: 1)]?.isSelected == true)
        #expect(view.needsDisplay)
        canvas.reset()
        view.draw(in: canvas)
        let texts = canvas.commands.compactMap { command -> String? in
            if case .text(let text, _, _) = command { return text }
            return nil
        }
        #expect(texts == ["3 of 3 loaded"])
        #expect(canvas.commands.contains(.text("3 of 3 loaded", Point(x: 10, y: 180), BarView.textColor)))
        view.checkInvariants()
    }

    @Test func aNewFooterHeightMovesTheSectionsBelowByItExactlyAndKeepsTheTopCardInPlace() throws {
        let harness = try SupplementaryViewTests.harness()  // 12 sections of 230: header 30, 6 items of 40, footer 20
        let view = harness.view
        view.setContentOffset(5 * 230)  // section 5 at the top: its first items at screen y 50
        #expect(view.selectItem(at: ItemPath(item: 0, section: 5)))
        let before = everyElement(of: view.layout)
        let cells = cellIdentities(view)
        let created = view.reusePool.created
        harness.data.forgetAsked()
        harness.data.footers[3] = 50

        try view.reloadSupplementaryElements(ofKind: .footer, inSections: [3])

        #expect(harness.data.barHeightsAsked == [.footer(3)])
        #expect(harness.data.asked == [])
        let after = everyElement(of: view.layout)
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            var expected = old
            if old.indexPath.section > 3 { expected.frame = old.frame.offsetBy(dx: 0, dy: 30) }
            if old.id == .footer(3) { expected.frame.size.height = 50 }
            #expect(new == expected, "\(old.id)")
        }
        #expect(frame(view, .footer(3)) == Rect(x: 10, y: 3 * 230 + 200, width: 210, height: 50))
        #expect(view.contentSize.height == 12 * 230 + 30)
        #expect(view.contentOffset == 5 * 230 + 30)  // the top card stays at screen y 50
        #expect(view.frameOfItem(ItemPath(item: 0, section: 5))?.minY == 50)
        #expect(cellIdentities(view) == cells)
        #expect(view.reusePool.created == created)
        #expect(view.indexPathsForSelectedItems == [ItemPath(item: 0, section: 5)])
        try expectFullLayout(view, of: harness.data)
    }

    @Test func aHeaderGivenNoHeightLosesItsViewAndWhatFollowsMovesUp() throws {
        let harness = try Self.threeSections()
        let view = harness.view
        #expect(view.visibleSupplementaryViews[.header(1)] != nil)  // 160..<190, in the 200 px viewport
        let cells = cellIdentities(view)
        let pooled = view.reusePool.created - view.visibleCells.count - view.visibleSupplementaryViews.count
        harness.data.headers[1] = 0

        try view.reloadSupplementaryElements(ofKind: .header, inSections: [1])

        #expect(view.visibleSupplementaryViews[.header(1)] == nil)
        #expect(frame(view, .header(1)) == nil)
        // was 200
        #expect(view.frameOfItem(ItemPath(item: 0, section: 1)) == Rect(x: 10, y: 160, width: 100, height: 40))
        #expect(view.contentSize.height == 480 - 40)
        #expect(view.reusePool.created - view.visibleCells.count - view.visibleSupplementaryViews.count == pooled + 1)
        #expect(cellIdentities(view).filter { $0.key.section == 0 } == cells.filter { $0.key.section == 0 })
        try expectFullLayout(view, of: harness.data)
    }

    @Test func inABatchTheOldLastSectionsFooterGoesAndTheNewLastSectionHasIt() throws {
        let harness = try Self.threeSections()
        let view = harness.view
        view.setContentOffset(280)
        #expect(view.selectItem(at: ItemPath(item: 1, section: 2)))
        let cells = cellIdentities(view)
        // A section appended: the footer moves from section 2 to it.
        harness.data.sections.append([40, 40])
        harness.data.headers[3] = 30
        harness.data.footers = [3: 20]
        harness.barTexts = [.footer(3): "3 of 3 loaded"]
        try view.performBatchUpdates {
            try view.insertSections([3])
            try view.reloadSupplementaryElements(ofKind: .footer, inSections: [2])
        }
        #expect(frame(view, .footer(2)) == nil)
        #expect(view.visibleSupplementaryViews[.footer(2)] == nil)
        // Section 2 ends at 450 without its footer; section 3: header 460..<490, a row of items 500..<540, footer.
        #expect(frame(view, .footer(3)) == Rect(x: 10, y: 550, width: 210, height: 20))
        #expect(view.contentOffset == 280)  // nothing above the cards in view moved
        #expect(cellIdentities(view) == cells)
        #expect(view.indexPathsForSelectedItems == [ItemPath(item: 1, section: 2)])
        try expectFullLayout(view, of: harness.data)

        // A section inserted in the middle: the last one, now section 4, asked again for its footer's new text.
        harness.data.sections.insert([40], at: 1)
        harness.data.headers = [0: 30, 1: 30, 2: 30, 3: 30, 4: 30]
        harness.data.footers = [4: 20]
        harness.barTexts = [.footer(4): "4 of 4 loaded"]
        harness.data.forgetAsked()
        try view.performBatchUpdates {
            try view.insertSections([1])
            try view.reloadSupplementaryElements(ofKind: .footer, inSections: [4])
        }
        #expect(harness.data.asked == [ItemPath(item: 0, section: 1)])  // the new section's item alone
        #expect(Set(harness.data.barHeightsAsked) == [.header(1), .footer(1), .footer(4)])
        #expect(view.indexPathsForSelectedItems == [ItemPath(item: 1, section: 3)])
        view.setContentOffset(view.scroll.maxOffset)
        #expect((view.visibleSupplementaryViews[.footer(4)] as? BarView)?.text == "4 of 4 loaded")
        try expectFullLayout(view, of: harness.data)
    }

    /// Random batches of section and item updates that also give a few sections (after the update) a new footer, or
    /// take their header away or give them one, and reload those elements: the layout equals a full layout of the
    /// final data, and a reloaded element in view shows what the data source says now.
    @Test(arguments: 0..<100)
    func reloadsInRandomBatchesMatchAFullLayout(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0xBA55)
        var model = UpdateModel(sections: [])
        for _ in 0..<random.int(in: 1...4) { model.sections.append(model.newSection(&random)) }
        let source = SectionsSource([])
        model.write(to: source)
        let harness = try SectionHarness(
            source, columns: random.int(in: 1...3), viewport: Size(width: 240, height: random.whole(in: 80...300)),
            overscan: random.whole(in: 0...60))
        let view = harness.view
        for step in 0..<random.int(in: 1...8) {
            view.setContentOffset(random.whole(in: 0...Int(view.scroll.maxOffset)))
            var operations = model.randomBatch(&random, budget: random.int(in: 1...4))
            var reloaded: [ElementID] = []
            for _ in 0..<(model.sections.isEmpty ? 0 : random.int(in: 1...2)) {
                let section = random.int(in: 0...(model.sections.count - 1))
                if random.int(in: 0...1) == 0 {
                    model.sections[section].footer = random.int(in: 0...1) == 0 ? 0 : random.whole(in: 5...30)
                    reloaded.append(.footer(section))
                } else {
                    model.sections[section].hasHeader.toggle()
                    reloaded.append(.header(section))
                }
                operations.append(.reloadSupplementaryElement(reloaded.last?.kind ?? .footer, section: section))
            }
            for element in reloaded { harness.barTexts[element] = "step \(step)" }
            model.write(to: source)
            try view.performBatchUpdates { for operation in operations { try view.perform(operation) } }
            try expectFullLayout(view, of: source)
            for element in reloaded {
                guard let bar = view.visibleSupplementaryViews[element] as? BarView else { continue }
                #expect(bar.text == "step \(step)", "seed \(seed) step \(step): \(element) after \(operations)")
            }
        }
    }

    @Test func aKindWithoutViewsPerSectionOrASectionOutsideThoseAfterTheUpdateIsRefused() throws {
        let harness = try Self.threeSections()
        let view = harness.view
        let frames = everyElement(of: view.layout)
        #expect(throws: UpdateError.notSupplementary(.reloadSupplementaryElement(.cell, section: 0))) {
            try view.reloadSupplementaryElements(ofKind: .cell, inSections: [0])
        }
        #expect(
            UpdateError.notSupplementary(.reloadSupplementaryElement(.loadMoreFooter, section: 0)).description
                == "cannot reload the loadMoreFooter of section 0: only a section's header and footer can be reloaded that way"
        )
        #expect(
            throws: UpdateError.sectionOutOfRange(
                .reloadSupplementaryElement(.footer, section: 3), section: 3, count: 3, .afterUpdate)
        ) {
            try view.reloadSupplementaryElements(ofKind: .footer, inSections: [3])
        }
        // Named after the update: section 3 exists once a section is deleted and two are inserted.
        #expect(everyElement(of: view.layout) == frames)  // refused: nothing changed
        harness.data.sections = [[40], [40], [40, 40, 40, 40], [40, 40, 40, 40]]
        harness.data.headers = [0: 30, 1: 30, 2: 30, 3: 30]
        harness.data.footers = [:]
        try view.performBatchUpdates {
            try view.deleteSections([2])
            try view.insertSections([0, 1])
            try view.reloadSupplementaryElements(ofKind: .footer, inSections: [3])
        }
        #expect(view.numberOfSections == 4)
        try expectFullLayout(view, of: harness.data)
    }
}
