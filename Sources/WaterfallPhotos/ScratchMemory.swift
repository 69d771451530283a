/// Memory one thread's decoder reuses from one photo to the next: the file's bytes, the decoded pixels. A fresh block
/// of megabytes is a fresh mapping, faulted in page by page and handed back when freed, which costs a 12-megapixel
/// JPEG's thumbnail a tenth of its time; a reused one is already there. A block larger than `keptLimit` (a photo read
/// at full size) is freed after its use.
final class ScratchMemory {
    private var memory = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// The largest block kept between photos.
    static let keptLimit = 8 << 20

    deinit { memory.deallocate() }

    /// Calls `body` with `count` bytes of memory whose contents are undefined, and returns its result. The memory is
    /// valid only during `body`.
    func withBytes<Result>(_ count: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> Result) rethrows -> Result {
        if count > memory.count {
            memory.deallocate()
            memory = .allocate(byteCount: count, alignment: 16)
        }
        defer {
            if memory.count > Self.keptLimit {
                memory.deallocate()
                memory = UnsafeMutableRawBufferPointer(start: nil, count: 0)
            }
        }
        return try body(UnsafeMutableRawBufferPointer(rebasing: memory[..<count]))
    }
}
