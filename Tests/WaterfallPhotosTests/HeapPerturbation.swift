/// glibc's `mallopt(M_PERTURB, byte)` (malloc.h, which Swift's Glibc module does not bring): while `byte` is not 0,
/// every new allocation (calloc's aside) is filled with its complement, so that a read of memory nobody wrote shows.
enum HeapPerturbation {
    @_silgen_name("mallopt")
    private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

    /// malloc.h's M_PERTURB.
    private static let perturb: Int32 = -6

    /// Calls `body` while new allocations are filled with `~byte`, and returns its result.
    static func filling<Result>(with byte: UInt8, _ body: () throws -> Result) rethrows -> Result {
        _ = mallopt(perturb, Int32(~byte))
        defer { _ = mallopt(perturb, 0) }
        return try body()
    }
}
