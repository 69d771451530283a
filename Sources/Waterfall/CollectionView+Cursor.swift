/// The pointer's shape over the view: the platform asks as the pointer hovers (or the view changes under it) and
/// shows the answer. Hovering changes nothing in the view: it is not a `pointerMoved(to:)`, which is for drags.
extension CollectionView {
    /// The shape the pointer should have at `point` (view coordinates; points outside the viewport are allowed and
    /// answer as empty space does): `.busy` anywhere while the view shows its loading view, `.pointingHand` over what a
    /// click acts on (a cell when items can be selected, the load-more footer after a failed load, whose click
    /// retries), `.default` elsewhere (spacing, headers, footers, the scroll bar, the empty view).
    /// - Complexity: O(log s + log n), the hit test of `element(at:)`.
    public func cursorShape(at point: Point) -> CursorShape {
        if let loadingView, placeholderView === loadingView { return .busy }
        guard let id = element(at: point) else { return .default }
        switch id.kind {
        case .cell:
            return selectionMode == .none ? .default : .pointingHand
        case .loadMoreFooter:
            if case .failed = loadMoreState { return .pointingHand }
            return .default
        case .header, .footer:
            return .default
        }
    }
}
