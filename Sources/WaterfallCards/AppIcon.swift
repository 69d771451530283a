/// The program's icon: a little waterfall of cards, coloured rounded-ish rectangles in three columns of different
/// heights on a light tile with cut corners, drawn on a grid of 16 × 16 units at 16, 32 and 48 px (1, 2 and 3 px a
/// unit), so every edge is on a whole pixel.
///
/// In units: a 1-unit margin and gutters, columns 4 units wide at x 1, 6 and 11; cards from y 1 with a 1-unit gap
/// between them, the last of a column cut off at the bottom margin (y 15), as the wall goes on below the window.
public enum AppIcon {
    /// The sides it is drawn at.
    public static let sizes = [16, 32, 48]
    /// The tile's colour, the wall's background.
    public static let background: UInt32 = 0xFFEC_EFF3
    /// Each column's cards, top to bottom: height in units and colour.
    public static let columns: [[(height: Int, color: UInt32)]] = [
        [(7, 0xFF4C_6EF5), (6, 0xFFF5_9F00)],  // blue, amber
        [(4, 0xFF12_B886), (5, 0xFFE6_4980), (4, 0xFF4C_6EF5)],  // teal, pink, blue
        [(9, 0xFF79_50F2), (6, 0xFF12_B886)],  // violet, teal
    ]

    /// The icon `side` px square (a multiple of 16), row by row from the top-left, each pixel `0xAARRGGBB` (as
    /// `_NET_WM_ICON` holds it).
    public static func pixels(side: Int) -> [UInt32] {
        let unit = side / 16
        var pixels = [UInt32](repeating: 0, count: side * side)  // transparent outside the tile
        func fill(x: Int, y: Int, width: Int, height: Int, color: UInt32, cut: Int) {
            for row in y..<min(y + height, side) {
                for column in x..<min(x + width, side) where !isCutCorner(column - x, row - y, width, height, cut) {
                    pixels[row * side + column] = color
                }
            }
        }
        fill(x: 0, y: 0, width: side, height: side, color: background, cut: 2 * unit)
        for (index, cards) in columns.enumerated() {
            var top = 1
            for card in cards {
                let bottom = min(top + card.height, 15)
                fill(
                    x: (1 + 5 * index) * unit, y: top * unit, width: 4 * unit, height: (bottom - top) * unit,
                    color: card.color, cut: unit - 1)
                top += card.height + 1
            }
        }
        return pixels
    }

    /// Whether the pixel (`x`, `y`) of a `width` × `height` rectangle lies in one of its corners cut off diagonally
    /// by `cut` pixels: a rounded look without blending, crisp at 16 px.
    private static func isCutCorner(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ cut: Int) -> Bool {
        let dx = min(x, width - 1 - x)
        let dy = min(y, height - 1 - y)
        return dx + dy < cut
    }
}
