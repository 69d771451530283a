import ArgumentParser
import Foundation
import Waterfall
import WaterfallCards
import WaterfallDemoKit

/// One fuzz input, run through the catalog parser, the option checks and the layout as the program runs them.
///
/// The input is a catalog's text, optionally followed by a 0 byte and choices: the layout options, the cards'
/// area, a second catalog built from the choices (`CatalogRecipe`) and a layout asked directly of the core with
/// unchecked metrics (`UncheckedLayout`). Every step ends in a result, which is checked, or in an error whose
/// message names the problem; anything else traps, and libFuzzer saves the input. The whole input is also read as a
/// photo file (`ImageFuzz`): its header and EXIF, then its decoding.
enum FuzzCase {
    static func run(_ input: [UInt8]) {
        let separator = input.lastIndex(of: 0)
        let text = separator.map { input[..<$0] } ?? input[...]
        var choices = FuzzBytes(separator.map { input[($0 + 1)...] } ?? [])
        let arguments = OptionsRecipe.arguments(from: &choices)
        let area = Size(width: choices.pick(OptionsRecipe.sizes), height: choices.pick(OptionsRecipe.sizes))
        let recipe = CatalogRecipe.json(from: &choices)
        for catalog in [Data(text), Data(recipe.utf8)] {
            layOut(parse(catalog), arguments: arguments, area: area)
        }
        UncheckedLayout.run(&choices)
        ImageFuzz.run(input)
    }

    /// The catalog's items, checked as the parser promises them; `nil` after an error that names the file.
    static func parse(_ data: Data) -> [CatalogItem]? {
        do {
            let items = try Catalog.parse(data, path: "fuzz.json")
            precondition(!items.isEmpty, "the parser accepted an empty catalog")
            for item in items {
                precondition(!item.title.trimmingCharacters(in: .whitespaces).isEmpty, "an item with a blank title")
                precondition(
                    !item.category.trimmingCharacters(in: .whitespaces).isEmpty, "an item with a blank category")
                precondition(
                    item.aspect.isFinite && item.aspect > 0 && item.aspect <= CatalogItem.maximumAspect,
                    "an item with aspect \(item.aspect)")
            }
            return items
        } catch {
            let lines = data.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            precondition(
                error.description.hasPrefix("fuzz.json") && !error.problem.isEmpty, "an unclear error: \(error)")
            precondition(
                error.line.map { (1...lines).contains($0) } ?? true, "line \(error.line ?? 0) of \(lines): \(error)")
            return nil
        }
    }

    /// Checks the options as the `layout` subcommand does and, when they pass, lays out the items (or the
    /// synthesised ones `--items` asks for): a layout must then succeed and keep its invariants.
    static func layOut(_ catalog: [CatalogItem]?, arguments: [String], area: Size) {
        let options: LayoutOptions
        do {
            options = try LayoutOptions.parse(arguments)
            try LayoutOptions.validateWindowSize(width: area.width, height: area.height)
            let viewport = Size(width: area.width + ScrollBar.defaultWidth, height: area.height)
            try options.validateColumnWidth(areaWidth: area.width, viewport: viewport)
        } catch {
            precondition(!LayoutOptions.message(for: error).isEmpty, "a refusal without a message for \(arguments)")
            return
        }
        let items: DemoItems
        if let count = options.items {
            items = DemoItems(synthesized: count)
        } else if let catalog {
            items = DemoItems(catalog: catalog)
        } else {
            return
        }
        let layout = options.makeLayout()
        layout.columnCount = options.columnPolicy.columnCount(
            for: Size(width: area.width + ScrollBar.defaultWidth, height: area.height))
        do {
            try layout.prepare(width: area.width, source: DemoLayoutSource(items: items, metrics: CardMetrics()))
        } catch {
            preconditionFailure(
                "options that passed their checks failed to lay out \(items.shownCount) cards: \(error); \(arguments), \(area)"
            )
        }
        precondition(
            layout.numberOfItems == items.shownCount, "\(layout.numberOfItems) of \(items.shownCount) cards laid out")
        LayoutChecks.check(layout, everyItemHasArea: true)
    }
}
