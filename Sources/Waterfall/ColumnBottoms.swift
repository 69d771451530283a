extension WaterfallLayout {
    /// How close two column bottoms must be to count as equally tall: 10⁻⁶ px. The shortest column is the leftmost
    /// of those within this distance of the lowest bottom, so that sums that are equal in exact arithmetic but
    /// differ in their last bit (50 + 7.08 + 100 against 100 + 7.08 + 50) place items alike wherever a section starts.
    public static let tieTolerance = 1e-6

    /// The leftmost column whose bottom is within `tieTolerance` of the lowest one.
    /// - Complexity: O(columns).
    @inline(__always)
    static func leftmostShortestColumn(_ bottoms: UnsafeMutableBufferPointer<Double>) -> Int {
        var lowest = bottoms[0]
        for column in 1..<bottoms.count where bottoms[column] < lowest { lowest = bottoms[column] }
        let limit = lowest + tieTolerance
        var column = 0
        while bottoms[column] > limit { column += 1 }
        return column
    }
}

/// The bottoms of up to eight columns in increasing order, for placing a run of items in the shortest column fast.
///
/// Each item goes into the column of the first slot, below its bottom plus the spacing; its new bottom is then put in
/// order among the other slots by a network of `min` and `max`, which has no branch to mispredict whichever column is
/// the shortest, and the slots' columns follow in a packed permutation. The loop's chain from one item to the next
/// is two additions and a `min`. Only a near tie (the second slot within `tieTolerance` of the first) takes a
/// branch, to put the leftmost of the tied columns first.
///
/// The insertion's position comes from the bottoms' bit patterns: non-negative doubles are ordered as their patterns
/// are as integers, and integer arithmetic is not turned into branches. Every bottom is therefore +0 or more (the
/// layout stores no height of -0), and the unused slots hold +infinity.
struct SortedColumnBottoms {
    /// The most columns it holds.
    static let capacity = 8

    private typealias Slots = (Double, Double, Double, Double, Double, Double, Double, Double)
    /// The bottoms, in increasing order (+infinity in unused slots).
    private var slots: Slots
    /// Slot k's column, in bits 3k ..< 3k + 3.
    private var columns: UInt32
    /// The number of columns.
    private let count: Int

    /// The columns of `bottoms` (at most eight, each +0 or more), sorted by bottom, the leftmost first among equals.
    init(_ bottoms: UnsafeMutableBufferPointer<Double>) {
        precondition(bottoms.count <= Self.capacity, "\(bottoms.count) columns do not fit in \(Self.capacity) slots")
        count = bottoms.count
        let order = bottoms.indices.sorted { bottoms[$0] < bottoms[$1] || (bottoms[$0] == bottoms[$1] && $0 < $1) }
        var values = [Double](repeating: .infinity, count: Self.capacity)
        var packed: UInt32 = 0
        for (slot, column) in order.enumerated() {
            values[slot] = bottoms[column]
            packed |= UInt32(column) << (3 * UInt32(slot))
        }
        slots = (values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7])
        columns = packed
    }

    /// Writes each column's bottom into `bottoms`, indexed by column.
    func write(to bottoms: UnsafeMutableBufferPointer<Double>) {
        withUnsafeBytes(of: slots) { raw in
            let values = raw.bindMemory(to: Double.self)
            for slot in 0..<count { bottoms[Int(Self.column(inSlot: slot, of: columns))] = values[slot] }
        }
    }

    /// Slot `slot`'s column in the permutation `packed`.
    private static func column(inSlot slot: Int, of packed: UInt32) -> UInt32 {
        (packed >> (3 * UInt32(slot))) & 7
    }

    /// Places the items of `range` (none of them spanning all columns), each in the shortest column below its bottom
    /// plus `spacing`, and writes each one's y and column.
    mutating func place(
        _ range: Range<Int>, heights: UnsafeBufferPointer<Double>, spacing: Double,
        y yOut: UnsafeMutableBufferPointer<Double>, column columnOut: UnsafeMutableBufferPointer<UInt16>
    ) {
        var (s0, s1, s2, s3, s4, s5, s6, s7) = slots
        var packed = columns
        for index in range {
            let limit = s0 + WaterfallLayout.tieTolerance
            // A near tie whose leftmost column is not first already (rows of equal heights keep it first: a new
            // bottom goes after the equal ones) is put first, slowly.
            if s1 <= limit, Self.tiedSlotBeforeFirst(s1, s2, s3, s4, s5, s6, s7, limit: limit, packed: packed) {
                (slots, columns) = ((s0, s1, s2, s3, s4, s5, s6, s7), packed)
                putLeftmostTiedColumnFirst()
                ((s0, s1, s2, s3, s4, s5, s6, s7), packed) = (slots, columns)
            }
            let top = s0 + spacing
            let bottom = top + heights[index]
            let column = packed & 7
            yOut[index] = top
            columnOut[index] = UInt16(truncatingIfNeeded: column)
            // The slots below which the new bottom goes: those at most as low, counted on the bit patterns (after the
            // equal ones, so that columns filled left to right stay in that order among equals).
            let pattern = Int64(bitPattern: bottom.bitPattern)
            @inline(__always) func isHigher(_ value: Double) -> UInt32 {
                UInt32(truncatingIfNeeded: UInt64(bitPattern: pattern &- Int64(bitPattern: value.bitPattern)) >> 63)
            }
            let position =
                7
                &- (isHigher(s1) &+ isHigher(s2) &+ isHigher(s3) &+ isHigher(s4) &+ isHigher(s5) &+ isHigher(s6)
                    &+ isHigher(s7))
            // Slot 0 leaves; the others move up one, and the column goes in at `position`.
            let rest = packed >> 3
            let shift = 3 &* position
            let below: UInt32 = (1 << shift) &- 1
            packed = ((rest & ~below) << 3) | (column << shift) | (rest & below)
            (s0, s1, s2, s3, s4, s5, s6, s7) = (
                lesser(s1, bottom), greater(s1, lesser(s2, bottom)), greater(s2, lesser(s3, bottom)),
                greater(s3, lesser(s4, bottom)),
                greater(s4, lesser(s5, bottom)), greater(s5, lesser(s6, bottom)), greater(s6, lesser(s7, bottom)),
                greater(s7, bottom)
            )
        }
        (slots, columns) = ((s0, s1, s2, s3, s4, s5, s6, s7), packed)
    }

    /// Whether a slot after the first, among those within `limit` (the near tie: slots are sorted, so they come
    /// first), holds a column left of the first slot's: only then must the tie be put in order.
    @inline(__always)
    private static func tiedSlotBeforeFirst(
        _ s1: Double, _ s2: Double, _ s3: Double, _ s4: Double, _ s5: Double, _ s6: Double,
        _ s7: Double, limit: Double, packed: UInt32
    ) -> Bool {
        let first = packed & 7
        // A tuple's bytes, not an array: this runs for every item of a row of equal heights, and must not allocate.
        return withUnsafeBytes(of: (s1, s2, s3, s4, s5, s6, s7)) { raw in
            for slot in 0..<7 {
                guard raw.load(fromByteOffset: slot * MemoryLayout<Double>.stride, as: Double.self) <= limit else {
                    return false
                }
                if (packed >> (3 * UInt32(slot + 1))) & 7 < first { return true }
            }
            return false
        }
    }

    /// After a near tie: moves the leftmost of the columns within `tieTolerance` of the first slot's bottom to the
    /// first slot, the slots before it moving down one.
    @inline(never)
    private mutating func putLeftmostTiedColumnFirst() {
        var packed = columns
        let count = self.count
        withUnsafeMutableBytes(of: &slots) { raw in
            let values = raw.bindMemory(to: Double.self)
            let limit = values[0] + WaterfallLayout.tieTolerance
            var leftmost = 0
            var slot = 1
            while slot < count, values[slot] <= limit {
                if Self.column(inSlot: slot, of: packed) < Self.column(inSlot: leftmost, of: packed) { leftmost = slot }
                slot += 1
            }
            guard leftmost > 0 else { return }
            let value = values[leftmost]
            for moved in stride(from: leftmost, to: 0, by: -1) { values[moved] = values[moved - 1] }
            values[0] = value
            let shift = 3 * UInt32(leftmost)
            let before = packed & ((1 << shift) - 1)
            let after = (packed >> (shift + 3)) << (shift + 3)
            packed = after | (before << 3) | Self.column(inSlot: leftmost, of: packed)
        }
        columns = packed
    }

    /// The lesser of two doubles, written so that it compiles to a `minsd` (no branch).
    @inline(__always) private func lesser(_ a: Double, _ b: Double) -> Double { b < a ? b : a }
    /// The greater of two doubles, written so that it compiles to a `maxsd` (no branch).
    @inline(__always) private func greater(_ a: Double, _ b: Double) -> Double { b > a ? b : a }
}
