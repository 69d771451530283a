extension Array {
    /// The index of the first element for which `belongsToSecondPart` is true, by binary search; the predicate
    /// must be false for a prefix of the array and true for the rest.
    /// - Complexity: O(log n).
    func partitioningIndex(where belongsToSecondPart: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsToSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
