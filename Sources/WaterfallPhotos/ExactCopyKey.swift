import CMD5
import SystemPackage

/// What two files that are exact copies share: their size and a 64-bit hash of their bytes (the first 8 bytes of
/// their MD5, through libmd). Equal keys mean the same bytes but for a chance of about 2^-64 per pair; a caller about
/// to delete a copy compares the bytes first.
public struct ExactCopyKey: Hashable, Sendable {
    /// The file's size in bytes.
    public let size: Int
    /// The first 8 bytes of the MD5 of the file's bytes, big-endian.
    public let contentHash: UInt64

    /// The key of a file of `size` bytes whose bytes hash to `contentHash` (as stored earlier).
    public init(size: Int, contentHash: UInt64) {
        self.size = size
        self.contentHash = contentHash
    }

    /// The key of a file whose bytes are `contents`.
    /// - Complexity: O(`contents.count`): MD5 runs at several hundred MB/s.
    public init(contents: UnsafeRawBufferPointer) {
        var digest = Digest()
        digest.add(contents)
        self = digest.key
    }

    /// The key of a file whose bytes are `contents`.
    /// - Complexity: O(`contents.count`).
    public init(contents: [UInt8]) {
        self = contents.withUnsafeBytes { ExactCopyKey(contents: $0) }
    }

    /// The key of the file at `path`, read in pieces of 1 MB.
    /// - Throws: `Errno` when it cannot be opened or read.
    /// - Complexity: O(the file's size).
    public init(ofFile path: FilePath) throws {
        let descriptor = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
        defer { try? descriptor.close() }
        var digest = Digest()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            if got == 0 { break }
            chunk.withUnsafeBytes { digest.add(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
        }
        self = digest.key
    }

    /// The key of a file read in pieces: each piece added in order, then `key` read.
    public struct Digest: Sendable {
        private var context = MD5_CTX()
        private var size = 0

        /// A digest of no bytes yet.
        public init() {
            MD5Init(&context)
        }

        /// Adds the file's next `bytes`.
        /// - Complexity: O(`bytes.count`).
        public mutating func add(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            MD5Update(&context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
            size += bytes.count
        }

        /// The key of the bytes added so far.
        public var key: ExactCopyKey {
            var finished = context
            var digest = [UInt8](repeating: 0, count: Int(MD5_DIGEST_LENGTH))
            MD5Final(&digest, &finished)
            let hash = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return ExactCopyKey(size: size, contentHash: hash)
        }
    }
}
