/// Disjoint sets of the positions `0..<count` (union-find), merged by size with paths halved as they are walked:
/// near-duplicates' connected components.
struct UnionFind {
    private var parent: [Int32]
    private var size: [Int32]

    /// `count` sets of one position each.
    init(count: Int) {
        precondition(count < Int(Int32.max), "too many positions for 32-bit parents")
        parent = (0..<Int32(count)).map { $0 }
        size = [Int32](repeating: 1, count: count)
    }

    /// The position that stands for `position`'s set.
    /// - Complexity: amortised O(α(n)), nearly constant.
    mutating func root(of position: Int) -> Int {
        var current = position
        while Int(parent[current]) != current {
            let grandparent = parent[Int(parent[current])]
            parent[current] = grandparent
            current = Int(grandparent)
        }
        return current
    }

    /// Merges the sets of `first` and `second`.
    /// - Complexity: amortised O(α(n)).
    mutating func union(_ first: Int, _ second: Int) {
        var (a, b) = (root(of: first), root(of: second))
        guard a != b else { return }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = Int32(a)
        size[a] += size[b]
    }
}
