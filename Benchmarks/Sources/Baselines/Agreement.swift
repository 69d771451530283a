import Waterfall

/// Checks that a baseline computes the same layout as ours, so that comparing their times compares the
/// algorithms, not different answers.
public enum Agreement {
    /// The rects the checks query: the benchmarks' viewports at the top, middle and bottom (first and last
    /// scroll step), thin and wide strips, a rect covering one column only, and rects outside the content.
    public static func rects(contentHeight: Double) -> [Rect] {
        var rects: [Rect] = []
        for position in Workload.Position.allCases {
            rects.append(Workload.viewportRect(at: position, contentHeight: contentHeight))
            rects.append(
                Workload.viewportRect(at: position, contentHeight: contentHeight, step: Workload.scrollSteps - 1))
        }
        let width = Workload.width
        rects += [
            Rect(x: 0, y: contentHeight / 3, width: width, height: 1),
            Rect(x: 0, y: 0, width: width, height: min(contentHeight, 20_000)),
            Rect(x: 400, y: contentHeight / 5, width: 10, height: 3_000),
            Rect(x: 0, y: contentHeight + 10, width: width, height: 1080),
            Rect(x: width + 10, y: 0, width: 100, height: 1080),
        ]
        return rects
    }

    /// The indices `visit` reports for `rect`, sorted.
    public static func indices(_ visit: (Rect, (Int) -> Void) -> Void, in rect: Rect) -> [Int] {
        var result: [Int] = []
        visit(rect) { result.append($0) }
        return result.sorted()
    }

    /// A description of the first difference between `ours` and `baseline`, or `nil` when every frame, the
    /// content height and the items found in every check rect are the same.
    public static func difference(ours: WaterfallLayout, baseline: some BaselineLayout, name: String) -> String? {
        guard ours.numberOfItems == baseline.numberOfItems else {
            return "\(name): \(baseline.numberOfItems) items, ours \(ours.numberOfItems)"
        }
        guard ours.contentSize.height == baseline.contentHeight else {
            return "\(name): content height \(baseline.contentHeight), ours \(ours.contentSize.height)"
        }
        for index in 0..<ours.numberOfItems {
            let frame = ours.layoutAttributesForItem(at: index)?.frame
            guard frame == baseline.frame(ofItem: index) else {
                return "\(name): item \(index) at \(baseline.frame(ofItem: index)), ours \(String(describing: frame))"
            }
        }
        for rect in rects(contentHeight: ours.contentSize.height) {
            let expected = indices(ours.forEachItem(in:_:), in: rect)
            let attributes = ours.layoutAttributesForElements(in: rect).map(\.index)
            guard attributes == expected else {
                return "ours: layoutAttributesForElements(in: \(rect)) differs from forEachItem"
            }
            let found = indices(baseline.forEachItem(in:_:), in: rect)
            guard found == expected else {
                return "\(name): \(found.count) items in \(rect), ours \(expected.count)"
            }
        }
        return nil
    }

    /// Traps with the difference when `baseline` does not agree with `ours`.
    public static func check(ours: WaterfallLayout, baseline: some BaselineLayout, name: String) {
        if let difference = difference(ours: ours, baseline: baseline, name: name) {
            preconditionFailure("baseline disagrees with our layout: \(difference)")
        }
    }
}
