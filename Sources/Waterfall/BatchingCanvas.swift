/// A canvas that collects fills and texts by colour and hands each colour's run to its target at once,
/// while keeping the picture exactly as drawing the calls in order would.
///
/// Fills are cut to the clip and texts and pictures wholly outside it are dropped: they would not show.
/// At `flush()` the fill runs go out in the order their colours first appeared, then the pictures in call order,
/// then the text runs in the order their colours first appeared. A call that would come out under something drawn
/// before it (it overlaps an earlier call that goes out after it) first flushes what is collected. Cards do not overlap each
/// other, so a frame of cards flushes rarely. Clips and copies flush first, so they keep their place; copies
/// ignore the clip.
public final class BatchingCanvas: Canvas {
    private let target: BatchDrawingTarget
    private var fillRuns: [Color: Int] = [:]
    private var textRuns: [Color: Int] = [:]
    private var fills: [(color: Color, rects: [Rect])] = []
    private var texts: [(color: Color, items: [(text: String, origin: Point)])] = []
    private var images: [(image: ImageHandle, rect: Rect, scaling: ImageScaling)] = []
    /// What a collected call is, in the order the kinds go out at a flush.
    private enum Kind: Int {
        case fill, image, text
    }
    /// Everything collected, in call order: where it covers, its kind, and which run it belongs to (a picture's
    /// index among the pictures).
    private var pending: [(bounds: Rect, kind: Kind, run: Int)] = []
    /// The current clip: fills are cut to it and texts outside it are dropped, so nothing invisible is sent.
    private var clip: Rect?
    /// The clip the target has. A new clip goes to the target only when something is drawn under it, so a
    /// clip lifted at the end of one frame and replaced at the start of the next costs nothing.
    private var targetClip: Rect?

    /// How many runs went to the target since the canvas was made.
    public private(set) var runsDrawn = 0

    /// A canvas that hands its runs to `target`.
    public init(target: BatchDrawingTarget) {
        self.target = target
    }

    public var lineHeight: Double { target.lineHeight }
    public var ascent: Double { target.ascent }
    public func textWidth(_ text: String) -> Double { target.textWidth(text) }
    public var pixelScale: Double { target.pixelScale }

    public func fill(_ rect: Rect, color: Color) {
        guard let rect = clip.map({ rect.intersection($0) }) ?? rect, rect.width > 0, rect.height > 0 else { return }
        let run = add(bounds: rect, kind: .fill, color: color)
        fills[run].rects.append(rect)
    }

    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        strokeByFilling(rect, color: color, lineWidth: lineWidth)
    }

    public func drawText(_ text: String, at origin: Point, color: Color) {
        guard !text.isEmpty else { return }
        let bounds = Rect(x: origin.x, y: origin.y - ascent, width: textWidth(text), height: lineHeight)
        if let clip, !clip.intersects(bounds) { return }
        let run = add(bounds: bounds, kind: .text, color: color)
        texts[run].items.append((text, origin))
    }

    public func drawImage(_ image: ImageHandle, in rect: Rect, scaling: ImageScaling) {
        var bounds = rect
        if scaling == .unscaled {
            bounds.size = Size(
                width: min(rect.width, Double(image.width) / pixelScale),
                height: min(rect.height, Double(image.height) / pixelScale))
        }
        if let clip {  // what shows: a picture magnified far beyond the clip covers only it
            guard let shown = bounds.intersection(clip) else { return }
            bounds = shown
        }
        guard bounds.width > 0, bounds.height > 0 else { return }
        if wouldComeOutTooEarly(bounds, kind: .image, run: images.count) { flush() }
        pending.append((bounds, .image, images.count))
        images.append((image, rect, scaling))
    }

    public func setClip(_ rect: Rect?) {
        guard rect != clip else { return }
        flush()
        clip = rect
    }

    public func copyRect(_ source: Rect, to destination: Point) {
        flush()
        target.copyRect(source, to: destination)
    }

    /// Hands every collected run to the target: fills first, then texts, each in order of first appearance.
    public func flush() {
        guard !pending.isEmpty else { return }
        if targetClip != clip {
            target.setClip(clip)
            targetClip = clip
        }
        for run in fills { target.fillRectangles(run.rects, color: run.color) }
        if !images.isEmpty { target.drawImages(images) }
        for run in texts { target.drawTexts(run.items, color: run.color) }
        runsDrawn += fills.count + texts.count + (images.isEmpty ? 0 : 1)
        fills.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        fillRuns.removeAll(keepingCapacity: true)
        textRuns.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
    }

    /// Finds or opens the run for the call, flushing first when the call would otherwise come out too early,
    /// and returns the run's index.
    private func add(bounds: Rect, kind: Kind, color: Color) -> Int {
        let isText = kind == .text
        let existing = isText ? textRuns[color] : fillRuns[color]
        let runCount = isText ? texts.count : fills.count
        if wouldComeOutTooEarly(bounds, kind: kind, run: existing ?? runCount) { flush() }
        let run: Int
        if let open = isText ? textRuns[color] : fillRuns[color] {
            run = open
        } else if isText {
            run = texts.count
            textRuns[color] = run
            texts.append((color, []))
        } else {
            run = fills.count
            fillRuns[color] = run
            fills.append((color, []))
        }
        pending.append((bounds, kind, run))
        return run
    }

    /// Whether drawing the call in `run` would put it under an earlier, overlapping call that goes out after
    /// it: a call of a kind that goes out later (fills, then pictures, then texts), or a later run of its own kind.
    private func wouldComeOutTooEarly(_ bounds: Rect, kind: Kind, run: Int) -> Bool {
        pending.contains { earlier in
            guard earlier.bounds.intersects(bounds) else { return false }
            if kind != earlier.kind { return earlier.kind.rawValue > kind.rawValue }
            return earlier.run > run
        }
    }
}
