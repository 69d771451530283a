/// The vertical scroll state of a viewport over taller content, as `UIScrollView`'s `contentOffset`.
///
/// The offset always stays in `0...maxOffset`, where `maxOffset = max(0, contentHeight - viewportHeight)`.
public struct ScrollModel: Hashable, Sendable {
    /// How far one wheel notch scrolls.
    public var wheelStep: Double
    /// The height of the visible part.
    public private(set) var viewportHeight: Double = 0
    /// The height of everything that can be scrolled through.
    public private(set) var contentHeight: Double = 0
    /// How far the content is scrolled: the content y shown at the top of the viewport.
    public private(set) var offset: Double = 0

    /// A model at the top of no content, whose wheel notch scrolls `wheelStep` points.
    public init(wheelStep: Double = 64) {
        self.wheelStep = wheelStep
    }

    /// The largest offset: the content's bottom at the viewport's bottom, or 0 when it all fits.
    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }

    /// Sets the viewport and content heights and clamps the offset to them.
    public mutating func setSizes(viewportHeight: Double, contentHeight: Double) {
        self.viewportHeight = max(0, viewportHeight)
        self.contentHeight = max(0, contentHeight)
        offset = clamped(offset)
    }

    /// Moves to `newOffset`, clamped; returns whether the offset changed.
    @discardableResult
    public mutating func scroll(to newOffset: Double) -> Bool {
        let target = clamped(newOffset)
        guard target != offset else { return false }
        offset = target
        return true
    }

    /// Scrolls by `notches` wheel steps (positive is down, towards the end).
    @discardableResult
    public mutating func scroll(wheelNotches notches: Int) -> Bool {
        scroll(to: offset + Double(notches) * wheelStep)
    }

    /// Scrolls by `pages` viewport heights (Page Down is +1, Page Up -1).
    @discardableResult
    public mutating func scroll(pages: Int) -> Bool {
        scroll(to: offset + Double(pages) * viewportHeight)
    }

    /// Scrolls by the least amount that shows all of the span `minY..<maxY` (its top when it is taller than the viewport).
    @discardableResult
    public mutating func scrollToVisible(minY: Double, maxY: Double) -> Bool {
        if minY < offset || maxY - minY > viewportHeight {
            return scroll(to: minY)
        }
        if maxY > offset + viewportHeight {
            return scroll(to: maxY - viewportHeight)
        }
        return false
    }

    /// Scrolls so that the span `minY..<maxY` sits at `position` in the viewport (clamped to the content).
    @discardableResult
    public mutating func scroll(toShow minY: Double, _ maxY: Double, at position: ScrollPosition) -> Bool {
        switch position {
        case .top: return scroll(to: minY)
        case .center: return scroll(to: ((minY + maxY - viewportHeight) / 2).rounded(.down))
        case .bottom: return scroll(to: maxY - viewportHeight)
        case .nearest: return scrollToVisible(minY: minY, maxY: maxY)
        }
    }

    private func clamped(_ value: Double) -> Double {
        guard value.isFinite else { return offset }
        return min(max(0, value), maxOffset)
    }
}
