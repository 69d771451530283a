import CHeif

extension HEIFContext {
    /// Calls `body` with a context over the file `reader` reads, and returns its result. libheif reads through it what
    /// it parses (`heif_context_read_from_reader`, told the file's true size): the top-level boxes, the `ftyp` and
    /// `meta` boxes whole, and the items' data, which libheif 1.15 reads while parsing. Past `end` (the `meta` box's
    /// end), a read over `Source.itemLimit` bytes (coded pixels) gets zeros without reading the file; a small one (a
    /// grid's description) is read. At most `limit` bytes are read in all.
    ///
    /// `heif_context_read_from_memory_without_copy` cannot parse a file's start alone: it refuses item locations
    /// (`iloc`) past the end of the memory it is given, and the coded data lies past the `meta` box.
    /// - Throws: `PhotoError.truncated` when the file ends too soon; `PhotoError.unsupported` when libheif reads more
    ///   than `limit`, and what `withContext(_:format:_:)` throws.
    static func withContext<Result>(
        reading reader: inout ByteReader, limit: Int, refusingFrom end: Int,
        _ body: (HEIFContext) throws -> Result
    ) throws -> Result {
        let context = try allocate(reader.format)
        let source = Source(reader, limit: limit, end: end)
        defer { reader = source.reader }
        var callbacks = heif_reader(
            reader_api_version: 1,
            get_position: { user in
                Source.of(user).map { Int64($0.position) } ?? 0
            },
            read: { data, size, user in
                Source.of(user)?.read(into: data, count: size) == true ? 0 : 1
            },
            seek: { position, user in
                Source.of(user)?.position = Int(position)
                return 0
            },
            wait_for_file_size: { size, user in
                Source.of(user)?.has(size: Int(size)) == true
                    ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
            })
        let read = withExtendedLifetime(source) {
            heif_context_read_from_reader(context.context, &callbacks, Unmanaged.passUnretained(source).toOpaque(), nil)
        }
        if let failure = source.failure { throw failure }
        // libheif names a box cut short by what it then misses ("No 'meta' box"): the file is truncated.
        if read.code != heif_error_Ok, source.ranOut { throw PhotoError.truncated(reader.format) }
        try context.check(read)
        return try body(context)
    }

    /// The file libheif reads through `heif_reader`'s callbacks: a `ByteReader`, with what went wrong kept to throw.
    final class Source {
        var reader: ByteReader
        var position = 0
        let limit: Int
        var total = 0
        /// Why a read failed (the file ended, or `limit` was passed).
        var failure: PhotoError?
        /// Whether libheif looked for bytes past the file's end.
        var ranOut = false

        /// Where the boxes libheif needs end (the `meta` box's end): a read of more than `itemLimit` bytes from there
        /// (an `mdat` box's contents, read whole in libheif's walk) is refused.
        let end: Int
        static let itemLimit = 64 << 10

        init(_ reader: ByteReader, limit: Int, end: Int) {
            self.reader = reader
            self.limit = limit
            self.end = end
        }

        /// The source passed to libheif as `user`.
        static func of(_ user: UnsafeMutableRawPointer?) -> Source? {
            user.map { Unmanaged<Source>.fromOpaque($0).takeUnretainedValue() }
        }

        /// Whether the file has `size` bytes; notes when it has not (libheif also asks at the end of a whole file).
        func has(size: Int) -> Bool {
            if size > reader.size { ranOut = true }
            return size <= reader.size
        }

        /// Copies the `count` bytes at `position` into `data`, always: libheif 1.15 asserts that reads of items'
        /// data succeed (`Box_iloc::read_data`), and reads every item's coded data while parsing. A read past `end`
        /// of more than `itemLimit` bytes (coded pixels, which no header needs), or one that cannot be served (the file
        /// ended, or `limit` was passed: `failure` then says why, thrown once libheif returns), gives zeros instead.
        func read(into data: UnsafeMutableRawPointer?, count: Int) -> Bool {
            guard count > 0 else { return true }  // (an empty av1C's configuration, into no buffer)
            guard let data else { return false }
            defer { position += count }
            guard position >= 0, count <= reader.size - position else {
                failure = failure ?? .truncated(reader.format)
                data.initializeMemory(as: UInt8.self, repeating: 0, count: count)
                return true
            }
            let isCodedData = position >= end && count > Self.itemLimit
            total += isCodedData ? 0 : count
            if total > limit, failure == nil {
                failure = .unsupported(reader.format, "a header of more than \(limit) bytes")
            }
            guard !isCodedData, failure == nil else {
                data.initializeMemory(as: UInt8.self, repeating: 0, count: count)
                return true
            }
            do {
                reader.offset = position
                let bytes = try reader.take(count)
                bytes.withUnsafeBytes { bytes in
                    if let base = bytes.baseAddress { data.copyMemory(from: base, byteCount: count) }
                }
            } catch {
                failure = error as? PhotoError ?? .truncated(reader.format)
                data.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            }
            return true
        }
    }
}
