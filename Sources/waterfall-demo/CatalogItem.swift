import Waterfall

/// One card of the demo: a picture of `aspect` (height / width) in `color`, with a title and subtitle.
struct CatalogItem: Equatable, Sendable {
    var title: String
    var subtitle: String
    var color: Color
    var aspect: Double

    /// The largest picture aspect (height / width) a catalog may use.
    static let maximumAspect = 20.0

    /// A deterministic made-up item for `index`, for runs with `--items N`.
    static func synthesized(index: Int) -> CatalogItem {
        var state = UInt64(truncatingIfNeeded: index) &+ 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let color = Color(rgb: UInt32(truncatingIfNeeded: next() & 0xFFFFFF)).mixed(with: .white, fraction: 0.15)
        let aspect = 0.5 + Double(next() % 131) / 100  // 0.50 ... 1.80
        return CatalogItem(title: "Card \(index + 1)", subtitle: "synthesised item", color: color, aspect: aspect)
    }
}
