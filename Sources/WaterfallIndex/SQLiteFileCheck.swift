import SystemPackage

/// A look at an SQLite file's first 100 bytes (its header, sqlite.org/fileformat2.html) before SQLite opens it: a file
/// that is not a database, or one cut short, is told at once, where SQLite would open it and fail later, at the
/// first read of a page that is not there.
enum SQLiteFileCheck {
    /// What the header says of a file of `fileSize` bytes beginning with `header`: `nil` when it looks whole, else
    /// why not. An empty file is whole (SQLite makes it a database).
    static func problem(header: [UInt8], fileSize: Int) -> String? {
        guard fileSize > 0 else { return nil }
        guard header.count >= 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            return "not an SQLite database"
        }
        func bigEndian(_ offset: Int, _ count: Int) -> Int {
            header[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageSize = bigEndian(16, 2) == 1 ? 65536 : bigEndian(16, 2)
        let pageCount = bigEndian(28, 4)
        // The page count is only kept when the change counter matches the version it is valid for.
        guard pageCount > 0, bigEndian(24, 4) == bigEndian(92, 4) else { return nil }
        let expected = pageCount * pageSize
        return fileSize < expected ? "cut short: \(fileSize) of its \(expected) bytes" : nil
    }

    /// What the header of the file at `path` says (see `problem(header:fileSize:)`); `nil` also when there is no file.
    static func problem(at path: FilePath) -> String? {
        guard let descriptor = try? FileDescriptor.open(path, .readOnly) else { return nil }
        defer { try? descriptor.close() }
        guard let size = try? descriptor.seek(offset: 0, from: .end),
            (try? descriptor.seek(offset: 0, from: .start)) != nil
        else { return nil }
        var header = [UInt8](repeating: 0, count: 100)
        let read = (try? header.withUnsafeMutableBytes { try descriptor.read(fromAbsoluteOffset: 0, into: $0) }) ?? 0
        return problem(header: Array(header.prefix(read)), fileSize: Int(size))
    }
}
