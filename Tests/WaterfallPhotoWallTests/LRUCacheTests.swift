import Testing

@testable import WaterfallPhotoWall

/// The one cache shape of the wall: values in the order they were last stored, removed from the middle in O(1).
struct LRUCacheTests {
    @Test func storingAgainMakesAValueTheMostRecentAndLookingItUpDoesNot() {
        var cache = LRUCache<String, Int>()
        cache.store(1, for: "a")
        cache.store(2, for: "b")
        cache.store(3, for: "c")
        #expect(cache["a"] == 1)  // a lookup: the order stays
        #expect(cache.keysOldestFirst == ["a", "b", "c"])
        #expect(cache.store(10, for: "a") == 1)
        #expect(cache.keysOldestFirst == ["b", "c", "a"])
        #expect(cache.count == 3 && cache.totalCost == 3)
    }

    @Test func removingFromTheMiddleKeepsTheOrderAndItsSlotIsReused() {
        var cache = LRUCache<Int, String>()
        for key in 0..<5 { cache.store("\(key)", for: key, cost: key + 1) }
        #expect(cache.removeValue(forKey: 2) == "2")
        #expect(cache.removeValue(forKey: 2) == nil)
        #expect(cache.keysOldestFirst == [0, 1, 3, 4])
        #expect(cache.totalCost == 1 + 2 + 4 + 5)
        cache.store("new", for: 9, cost: 7)
        #expect(cache.keysOldestFirst == [0, 1, 3, 4, 9])
        #expect(cache.removeValue(forKey: 0) == "0" && cache.removeValue(forKey: 9) == "new")
        #expect(cache.keysOldestFirst == [1, 3, 4])
    }

    @Test func trimmingDropsTheOldestToACountOrACostButNeverTheLastOne() {
        var cache = LRUCache<Int, Int>()
        for key in 0..<6 { cache.store(key, for: key, cost: 10) }
        #expect(cache.trim(toCount: 3).map(\.key) == [0, 1, 2])
        #expect(cache.keysOldestFirst == [3, 4, 5])
        #expect(cache.trim(cost: 15).map(\.key) == [3, 4])
        #expect(cache.trim(cost: 1).isEmpty)  // the most recent stays, whatever it costs
        #expect(cache.keysOldestFirst == [5] && cache.totalCost == 10)
    }

    @Test func removingTheOldestSkipsWhatIsKeptAndStopsWhenToldTo() {
        var cache = LRUCache<Int, Int>()
        for key in 0..<6 { cache.store(key, for: key) }
        // Asked before each value visited: yes for the first three (0 kept, 1 removed, 2 kept), then no.
        var asked = 0
        let removed = cache.removeOldest(
            while: {
                asked += 1
                return asked <= 3
            }, keeping: { $0 % 2 == 0 })
        #expect(removed.map(\.key) == [1])
        #expect(cache.keysOldestFirst == [0, 2, 3, 4, 5])
        asked = 0
        #expect(cache.removeOldest(while: { true }, keeping: { $0 % 2 == 0 }).map(\.key) == [3, 5])
        #expect(cache.keysOldestFirst == [0, 2, 4])
    }
}
