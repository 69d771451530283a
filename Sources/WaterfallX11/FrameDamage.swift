/// The pixels one frame drew into the back buffer, as a few boxes: what presenting it must show. A frame that
/// redraws one card (its picture arrived) then copies that card to the window, not the whole window.
struct FrameDamage {
    /// The boxes drawn into, in device pixels; they may overlap.
    private(set) var boxes: [PixelBox] = []
    /// Whether something was drawn whose extent is not known (text without a clip): the whole window must be shown.
    private(set) var isWhole = false

    /// Beyond this many boxes they are merged into the one box around them all: each box is a request.
    static let mostBoxes = 8

    /// Notes that `box` was drawn into.
    mutating func add(_ box: PixelBox) {
        guard box.width > 0, box.height > 0, !isWhole, !boxes.contains(where: { $0.contains(box) }) else { return }
        boxes.append(box)
        if boxes.count > Self.mostBoxes { boxes = [boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }] }
    }

    /// Notes that `box`, limited to `clip` when there is one, was drawn into.
    mutating func add(_ box: PixelBox, clippedTo clip: PixelBox?) {
        if let clip {
            if let drawn = box.intersection(clip) { add(drawn) }
        } else {
            add(box)
        }
    }

    /// Notes that something was drawn whose extent is not known.
    mutating func addWhole() {
        isWhole = true
        boxes = []
    }

    /// Whether presenting should show the whole window: the extent is unknown, or the boxes cover at least half of
    /// the `width` × `height` window (one copy of it all is then cheaper than several of most of it).
    func coversMostOf(width: UInt32, height: UInt32) -> Bool {
        isWhole || 2 * boxes.reduce(0) { $0 + Int($1.width) * Int($1.height) } >= Int(width) * Int(height)
    }

    /// Forgets what was drawn: the frame was presented.
    mutating func removeAll() {
        boxes.removeAll(keepingCapacity: true)
        isWhole = false
    }
}

extension PixelBox {
    /// The pixels both boxes cover, `nil` when none.
    func intersection(_ other: PixelBox) -> PixelBox? {
        let left = max(Int64(x), Int64(other.x))
        let top = max(Int64(y), Int64(other.y))
        let right = min(Int64(x) + Int64(width), Int64(other.x) + Int64(other.width))
        let bottom = min(Int64(y) + Int64(height), Int64(other.y) + Int64(other.height))
        guard right > left, bottom > top else { return nil }
        return PixelBox(x: Int32(left), y: Int32(top), width: UInt32(right - left), height: UInt32(bottom - top))
    }

    /// Whether every pixel of `other` is in this box.
    func contains(_ other: PixelBox) -> Bool {
        intersection(other) == other
    }

    /// The smallest box that covers both.
    func union(_ other: PixelBox) -> PixelBox {
        let left = min(Int64(x), Int64(other.x))
        let top = min(Int64(y), Int64(other.y))
        let right = max(Int64(x) + Int64(width), Int64(other.x) + Int64(other.width))
        let bottom = max(Int64(y) + Int64(height), Int64(other.y) + Int64(other.height))
        return PixelBox(x: Int32(left), y: Int32(top), width: UInt32(right - left), height: UInt32(bottom - top))
    }
}
