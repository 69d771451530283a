import Testing
@testable import Waterfall

/// Random batches of inserts, deletes, moves and reloads of items and sections, and height changes: the
/// incremental layout equals a full layout of the final data, cells follow their items, the selection too.
struct RandomUpdateTests {
    @Test(arguments: 0..<200)
    func incrementalUpdatesMatchAFullLayout(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x5EED)
        var model = UpdateModel(sections: [])
        for _ in 0..<random.int(in: 1...4) { model.sections.append(model.newSection(&random)) }
        let source = SectionsSource([])
        model.write(to: source)
        let columns = random.int(in: 1...4)
        let width = random.whole(in: 180...400)
        let harness = try SectionHarness(source, columns: columns, viewport: Size(width: width, height: random.whole(in: 80...300)),
                                         overscan: random.whole(in: 0...60))
        let view = harness.view
        for step in 0..<random.int(in: 1...8) {
            view.setContentOffset(random.whole(in: 0...Int(view.scroll.maxOffset)))
            let selected = model.sections.indices.flatMap { s in model.sections[s].items.map { ($0.id, s) } }.randomElement(using: &random)
            if let (id, _) = selected, let path = model.path(ofItem: id) { view.selectItem(path) }
            let isBatch = random.int(in: 0...1) == 0
            let operations = model.randomBatch(&random, budget: isBatch ? random.int(in: 2...5) : 1)
            model.write(to: source)
            if isBatch {
                try view.performBatchUpdates { for operation in operations { try view.perform(operation) } }
            } else {
                for operation in operations { try view.perform(operation) }
            }
            let reference = CollectionLayout(columnCount: columns, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
            try reference.prepare(width: width, source: source)
            let (elements, expected) = (everyElement(of: view.layout), everyElement(of: reference))
            let difference = zip(elements, expected).first { $0 != $1 }
            #expect(elements.count == expected.count && difference == nil,
                    "seed \(seed) step \(step): \(operations); first difference: \(String(describing: difference))")
            #expect(view.contentSize == reference.contentSize, "seed \(seed) step \(step)")
            view.checkInvariants()
            for (path, cell) in view.visibleCells {
                #expect((cell as? TestCell)?.item == source.ids?[path.section][path.item], "seed \(seed) step \(step): cell at \(path)")
            }
            #expect(view.selectedItem == selected.flatMap { model.path(ofItem: $0.0) }, "seed \(seed) step \(step)")
        }
    }
}

extension SplitMix64: RandomNumberGenerator {}
