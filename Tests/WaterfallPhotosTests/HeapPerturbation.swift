import CMalloc

/// glibc's `mallopt(M_PERTURB, byte)`: while `byte` is not 0, every new allocation (calloc's aside) is filled with its
/// complement, so that a read of memory nobody wrote shows.
enum HeapPerturbation {
    /// Calls `body` while new allocations are filled with `~byte`, and returns its result.
    static func filling<Result>(with byte: UInt8, _ body: () throws -> Result) rethrows -> Result {
        _ = mallopt(M_PERTURB, Int32(~byte))
        defer { _ = mallopt(M_PERTURB, 0) }
        return try body()
    }
}
