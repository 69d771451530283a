// Swatches: 1,000 coloured cards in a masonry wall. A click selects one and prints it; q quits.
// The smallest complete program on Waterfall's public API (see the Getting Started article).
import Foundation
import Waterfall
import WaterfallX11

// snippet.cell
/// A card: a coloured rectangle with a label below it, the label highlighted while selected.
final class SwatchCell: CollectionViewCell {
    static let labelHeight = 24.0
    var color = Color(rgb: 0)
    var label = ""

    override func draw(in canvas: Canvas, frame: Rect) {
        let labelTop = frame.maxY - Self.labelHeight
        canvas.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: labelTop - frame.minY), color: color)
        canvas.fill(
            Rect(x: frame.minX, y: labelTop, width: frame.width, height: Self.labelHeight),
            color: isSelected ? Color(rgb: 0x1F6FEB) : Color(rgb: 0xFFFFFF))
        let baseline = labelTop + ((Self.labelHeight - canvas.lineHeight) / 2).rounded(.down) + canvas.ascent
        canvas.drawText(
            canvas.truncate(label, toWidth: frame.width - 12), at: Point(x: frame.minX + 6, y: baseline),
            color: isSelected ? Color(rgb: 0xFFFFFF) : Color(rgb: 0x1F2328))
    }
}
// snippet.end

// snippet.data
/// The data: 1,000 swatches of made-up colours and heights. It answers the view's questions and hears its selections.
final class Swatches: CollectionViewDataSource, CollectionViewDelegate {
    let count = 1_000

    func color(of item: Int) -> Color {
        Color(rgb: UInt32(truncatingIfNeeded: (item &+ 1) &* 2_654_435_761) & 0xFFFFFF)
    }

    func numberOfItems(inSection section: Int) -> Int { count }

    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        width * (0.5 + Double(indexPath.item * 37 % 100) / 100) + SwatchCell.labelHeight
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch")
        if let swatch = cell as? SwatchCell {
            swatch.color = color(of: indexPath.item)
            swatch.label = "Swatch \(indexPath.item + 1)"
        }
        return cell
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
        // Unbuffered, so that each selection is a line of its own as it happens, even into a pipe.
        FileHandle.standardOutput.write(Data("selected \(indexPath.item + 1)\n".utf8))
    }
}
// snippet.end

// snippet.window
let swatches = Swatches()
let view = CollectionView(columnPolicy: ColumnPolicy(portraitColumns: 3, landscapeColumns: 4))
view.register(forCellWithReuseIdentifier: "swatch") { SwatchCell(reuseIdentifier: "swatch") }
view.dataSource = swatches
view.delegate = swatches
do {
    let display = try Display()
    let configuration = WaterfallWindow.Configuration(title: "Swatches", size: Size(width: 800, height: 600))
    let window = try WaterfallWindow(display: display, collectionView: view, configuration: configuration)
    window.onKey = { [unowned window] name, _ in
        if name == "q" { window.stop() }
    }
    _ = try window.run()
} catch {
    FileHandle.standardError.write(Data("swatches: \(error)\n".utf8))
    exit(1)
}
// snippet.end
