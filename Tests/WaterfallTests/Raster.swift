@testable import Waterfall

/// A tiny software raster: fills set pixels, a text fills its box (width 6 per character, 13 high,
/// 10 above the baseline). It is both a plain canvas (drawing in call order) and a batch target.
final class Raster: Canvas, BatchDrawingTarget {
    let width: Int
    let height: Int
    var pixels: [Color?]
    var clip: Rect?
    private(set) var batches: [String] = []

    init(width: Int = 48, height: Int = 48) {
        self.width = width
        self.height = height
        pixels = Array(repeating: nil, count: width * height)
    }

    let lineHeight = 13.0
    let ascent = 10.0
    let pixelScale = 1.0
    func textWidth(_ text: String) -> Double { Double(text.count) * 6 }

    func fill(_ rect: Rect, color: Color) {
        // Pixel x is inside when minX <= x < maxX: the whole numbers from ceil(minX) to ceil(maxX) - 1.
        func span(_ low: Double, _ high: Double, limit: Int) -> Range<Int> {
            let first = min(limit, max(0, Int(low.rounded(.up))))
            return first..<max(first, min(limit, Int(high.rounded(.up))))
        }
        let xs = span(rect.minX, rect.maxX, limit: width)
        let ys = span(rect.minY, rect.maxY, limit: height)
        for y in ys {
            for x in xs where clip?.contains(Point(x: Double(x), y: Double(y))) ?? true {
                pixels[y * width + x] = color
            }
        }
    }

    func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        strokeByFilling(rect, color: color, lineWidth: lineWidth)
    }

    func drawText(_ text: String, at origin: Point, color: Color) {
        fill(Rect(x: origin.x, y: origin.y - ascent, width: textWidth(text), height: lineHeight), color: color)
    }

    func setClip(_ rect: Rect?) { clip = rect }

    func copyRect(_ source: Rect, to destination: Point) {
        let old = pixels
        for y in 0..<height {
            for x in 0..<width {
                let from = Point(x: Double(x) - destination.x + source.minX, y: Double(y) - destination.y + source.minY)
                guard source.contains(from) else { continue }
                pixels[y * width + x] = old[Int(from.y) * width + Int(from.x)]
            }
        }
    }

    /// A picture fills its box (unscaled, at most its size, in pixels at scale 1; scaled, the whole rect) with a
    /// colour made of its id.
    func drawImage(_ image: ImageHandle, in rect: Rect, scaling: ImageScaling) {
        let box =
            scaling != .unscaled
            ? rect
            : Rect(
                x: rect.minX, y: rect.minY, width: min(rect.width, Double(image.width)),
                height: min(rect.height, Double(image.height)))
        fill(box, color: Self.colour(of: image))
    }

    /// The colour a picture draws in.
    static func colour(of image: ImageHandle) -> Color { Color(rgb: 0x800000 | UInt32(image.id & 0xFFFF)) }

    func drawImages(_ images: [(image: ImageHandle, rect: Rect, scaling: ImageScaling)]) {
        batches.append("images x\(images.count)")
        for (image, rect, scaling) in images { drawImage(image, in: rect, scaling: scaling) }
    }

    func fillRectangles(_ rects: [Rect], color: Color) {
        batches.append("fill \(color.hexString) x\(rects.count)")
        for rect in rects { fill(rect, color: color) }
    }

    func drawTexts(_ texts: [(text: String, origin: Point)], color: Color) {
        batches.append("text \(color.hexString) x\(texts.count)")
        for item in texts { drawText(item.text, at: item.origin, color: color) }
    }
}
