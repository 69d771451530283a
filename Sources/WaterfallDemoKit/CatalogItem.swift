import SeededRandom
import Waterfall

/// One card of the demo: a picture of `aspect` (height / width) in `color`, with a title and subtitle, in a
/// `category`; a `banner` item is one the catalog marks as a banner.
package struct CatalogItem: Equatable, Sendable {
    package var title: String
    package var subtitle: String
    package var color: Color
    package var aspect: Double
    /// The section the item belongs to (never empty in a loaded catalog).
    package var category: String
    /// Whether the catalog marks the item as a banner (`false` when the JSON leaves it out).
    package var banner: Bool

    /// An item with every field given; `banner` defaults to `false`.
    package init(title: String, subtitle: String, color: Color, aspect: Double, category: String, banner: Bool = false)
    {
        self.title = title
        self.subtitle = subtitle
        self.color = color
        self.aspect = aspect
        self.category = category
        self.banner = banner
    }

    /// The largest picture aspect (height / width) a catalog may use.
    package static let maximumAspect = 20.0

    /// The category of every synthesised item.
    package static let synthesizedCategory = "Synthesised"

    /// A deterministic made-up item for `index`, for runs with `--items N` (category "Synthesised", no banner).
    package static func synthesized(index: Int) -> CatalogItem {
        let (color, aspect) = synthesizedLook(index: index)
        return CatalogItem(
            title: "Card \(index + 1)", subtitle: "synthesised item", color: color, aspect: aspect,
            category: synthesizedCategory)
    }

    /// The colour and aspect of synthesised item `index`, made without building its strings.
    package static func synthesizedLook(index: Int) -> (color: Color, aspect: Double) {
        let color = Color(rgb: UInt32(truncatingIfNeeded: synthesizedDraw(1, index: index) & 0xFFFFFF)).mixed(
            with: .white, fraction: 0.15)
        return (color, synthesizedAspect(index: index))
    }

    /// The picture aspect of synthesised item `index`, 0.50 ... 1.80: all a layout needs of it.
    package static func synthesizedAspect(index: Int) -> Double {
        0.5 + Double(synthesizedDraw(2, index: index) % 131) / 100
    }

    /// The `draw + 1`th number of SplitMix64 seeded with `index`: each synthesised item's own sequence.
    private static func synthesizedDraw(_ draw: UInt64, index: Int) -> UInt64 {
        SplitMix64.number(draw &+ 1, seed: UInt64(truncatingIfNeeded: index))
    }
}

/// The cards the demo shows: a loaded catalog, or N made-up cards computed when asked (so a million of them
/// cost no memory beyond the layout).
package enum ItemSource {
    case catalog([CatalogItem])
    case synthesized(count: Int)

    package var count: Int {
        switch self {
        case .catalog(let items): return items.count
        case .synthesized(let count): return count
        }
    }

    package subscript(index: Int) -> CatalogItem {
        switch self {
        case .catalog(let items): return items[index]
        case .synthesized: return CatalogItem.synthesized(index: index)
        }
    }

    /// Item `index`'s picture aspect (height / width).
    package func aspect(at index: Int) -> Double {
        switch self {
        case .catalog(let items): return items[index].aspect
        case .synthesized: return CatalogItem.synthesizedAspect(index: index)
        }
    }

    /// Whether item `index` is a banner: a card as wide as all columns.
    package func isBanner(at index: Int) -> Bool {
        switch self {
        case .catalog(let items): return items[index].banner
        case .synthesized: return false
        }
    }

    /// Item `index`'s picture colour.
    package func color(at index: Int) -> Color {
        switch self {
        case .catalog(let items): return items[index].color
        case .synthesized: return CatalogItem.synthesizedLook(index: index).color
        }
    }
}
