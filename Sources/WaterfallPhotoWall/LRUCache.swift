/// Values by key in the order they were last stored, least recent first, with a cost each (bytes, or 1 for a count):
/// the one shape of every cache of the photo wall. Storing, removing and dropping the least recent are O(1); a
/// lookup does not change the order ("least recently made", as the wall's pictures are kept).
///
/// The order is a doubly linked list through arrays of indices, so that removing a key in the middle does not shift
/// the others.
struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var older: Int?
        var newer: Int?
    }

    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var slots: [Key: Int] = [:]
    private var oldest: Int?
    private var newest: Int?
    /// The sum of the values' costs.
    private(set) var totalCost = 0

    /// How many values are stored.
    var count: Int { slots.count }

    /// The value stored for `key`, without changing the order.
    /// - Complexity: O(1).
    subscript(key: Key) -> Value? { slots[key].flatMap { nodes[$0]?.value } }

    /// Stores `value` for `key` as the most recent, at `cost`; returns the value it replaces.
    /// - Complexity: O(1) amortised.
    @discardableResult
    mutating func store(_ value: Value, for key: Key, cost: Int = 1) -> Value? {
        let old = removeValue(forKey: key)
        let node = Node(key: key, value: value, cost: cost, older: newest, newer: nil)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if let newest { nodes[newest]?.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
        slots[key] = slot
        totalCost += cost
        return old
    }

    /// Removes the value of `key` and returns it.
    /// - Complexity: O(1).
    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key), let node = nodes[slot] else { return nil }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        nodes[slot] = nil
        free.append(slot)
        totalCost -= node.cost
        return node.value
    }

    /// The keys, least recent first.
    /// - Complexity: O(count).
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var next = oldest
        while let slot = next, let node = nodes[slot] {
            keys.append(node.key)
            next = node.newer
        }
        return keys
    }

    /// Removes the least recent values until at most `count` are left and they cost at most `cost` together, keeping
    /// the most recent one whatever it costs; returns them.
    /// - Complexity: O(values removed).
    mutating func trim(toCount count: Int = .max, cost: Int = .max) -> [(key: Key, value: Value)] {
        var removed: [(key: Key, value: Value)] = []
        while self.count > 1, self.count > count || totalCost > cost, let slot = oldest, let node = nodes[slot] {
            removeValue(forKey: node.key)
            removed.append((node.key, node.value))
        }
        return removed
    }

    /// Removes the least recent values, skipping those `isKept` keeps, while `shouldRemove()` says so (it must not
    /// read this cache); returns them.
    /// - Complexity: O(values visited).
    mutating func removeOldest(
        while shouldRemove: () -> Bool, keeping isKept: (Key) -> Bool = { _ in false }
    ) -> [(key: Key, value: Value)] {
        var removed: [(key: Key, value: Value)] = []
        var next = oldest
        while shouldRemove(), let slot = next, let node = nodes[slot] {
            next = node.newer
            guard !isKept(node.key) else { continue }
            removeValue(forKey: node.key)
            removed.append((node.key, node.value))
        }
        return removed
    }
}
