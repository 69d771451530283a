import SystemPackage
import WaterfallPhotos

/// A folder's photos packed in one blob, as a launch reads them: the folder row holds it beside the photos' rows, which
/// stay for the index's queries. A launch reads a folder of 4,000 photos as one value, where their rows cost SQLite a
/// step and sixteen column reads each (a third of a million photos' launch).
///
/// It holds what `LibraryIndex.photoColumns` reads but the marks (and the keywords, of a table of their own): `store(_:)` writes it with the rows, in the same
/// transaction, and nothing else changes those columns. The marks change on their own (`setMarks`), so they are read
/// from the rows, through an index of the marked photos alone.
///
/// The layout, version 2: the version byte; the photo count; the formats' names (a count, then each as a length and
/// its UTF-8), then the cameras' and the lenses' names likewise; then each photo: its name (a length and its bytes),
/// size, the bits of its modification time (8 bytes, little-endian), inode, and a format byte (0: no header, else the
/// place of its name, from 1). With a header: width, height, the orientation byte, the date taken (a byte: 0 none, 1
/// its 14 digits as a number, 2 other text as a length and its bytes), the duration (a byte: 0 none, 1 then its 8
/// bytes) and the shot (a byte: 0 none, 1 then the places of its camera and lens, 0 for none, and its exposure as a
/// length, 0 for none, and its UTF-8). Without: the error's encoding (a length, 0 for none, and its bytes). Counts,
/// lengths and other whole numbers are unsigned LEB128. Version 1 had no cameras, lenses nor shots.
enum FolderSnapshot {
    /// The layout's version: a blob of another but 1 is read as none.
    static let version: UInt8 = 2

    /// `photos` packed in `layout` (this version's, or 1, as an earlier version wrote them, for tests). An error that
    /// is not the file's own is left out, as the rows leave it out (`bind`).
    static func encode(_ photos: [IndexedPhoto], layout: UInt8 = version) -> [UInt8] {
        var formats: [ImageFormat] = []
        for indexed in photos {
            if let format = indexed.photo.header?.format, !formats.contains(format) { formats.append(format) }
        }
        var cameras: [String] = []
        var lenses: [String] = []
        for indexed in photos {
            guard let shot = indexed.photo.header?.shot else { continue }
            if let camera = shot.camera, !cameras.contains(camera) { cameras.append(camera) }
            if let lens = shot.lens, !lenses.contains(lens) { lenses.append(lens) }
        }
        var writer = Writer()
        writer.bytes.reserveCapacity(16 + photos.count * 40)
        writer.bytes.append(layout)
        writer.number(UInt64(photos.count))
        for names in layout >= 2 ? [formats.map(\.rawValue), cameras, lenses] : [formats.map(\.rawValue)] {
            writer.number(UInt64(names.count))
            for name in names { writer.data(Array(name.utf8)) }
        }
        for indexed in photos {
            let photo = indexed.photo
            photo.location.withNameBytes { writer.data($0) }
            writer.number(UInt64(max(0, photo.fileSize)))
            writer.fixed(photo.modified.bitPattern)
            writer.number(indexed.inode)
            guard let header = photo.header, let format = formats.firstIndex(of: header.format) else {
                writer.bytes.append(0)
                if let error = photo.error, error.isTheFilesOwn { writer.data(error.encoded) } else { writer.number(0) }
                continue
            }
            writer.bytes.append(UInt8(format + 1))
            writer.number(UInt64(max(0, header.width)))
            writer.number(UInt64(max(0, header.height)))
            writer.bytes.append(UInt8(truncatingIfNeeded: header.orientation.rawValue))
            switch header.exifDate {
            case nil:
                writer.bytes.append(0)
            case .digits(let digits):
                writer.bytes.append(1)
                writer.number(UInt64(bitPattern: digits))
            case .other(let text):
                writer.bytes.append(2)
                writer.data(Array(text.utf8))
            }
            if let duration = header.duration {
                writer.bytes.append(1)
                writer.fixed(duration.bitPattern)
            } else {
                writer.bytes.append(0)
            }
            if layout < 2 {
                continue
            } else if let shot = header.shot {
                writer.bytes.append(1)
                writer.number(UInt64(shot.camera.flatMap(cameras.firstIndex(of:)).map { $0 + 1 } ?? 0))
                writer.number(UInt64(shot.lens.flatMap(lenses.firstIndex(of:)).map { $0 + 1 } ?? 0))
                writer.data(Array((shot.exposure ?? "").utf8))
            } else {
                writer.bytes.append(0)
            }
        }
        return writer.bytes
    }

    /// The photos of `bytes`, in `folder`, without their marks; `nil` for
    /// bytes of another version, cut short or otherwise not of this layout (the rows are read instead). A format this
    /// version does not know leaves its photo without a header, to be read again, as a row of it does.
    static func decode(_ bytes: UnsafeRawBufferPointer, folder: FilePath) -> [Photo]? {
        var reader = Reader(bytes: bytes)
        guard let read = try? reader.byte(), read == version || read == 1 else { return nil }
        reader.hasShots = read >= 2
        return try? reader.photos(folder: folder)
    }

    /// The bytes being written.
    private struct Writer {
        var bytes: [UInt8] = []

        /// `value` in unsigned LEB128: seven bits a byte, the lowest first, the high bit set on all but the last.
        mutating func number(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        /// `value`'s 8 bytes, little-endian.
        mutating func fixed(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// `data`'s length, then its bytes.
        mutating func data(_ data: some Collection<UInt8>) {
            number(UInt64(data.count))
            bytes.append(contentsOf: data)
        }
    }

    /// A read past the end, or of a value out of range.
    private struct Malformed: Error {}

    /// The bytes being read, each read bounds-checked.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        /// Whether the layout has the cameras, the lenses and the shots (version 2 on).
        var hasShots = true
        /// The last shot read, given again to the photos after it that have the same (a burst's share one).
        var lastShot: ShotDetails?

        mutating func byte() throws(Malformed) -> UInt8 {
            guard offset < bytes.count else { throw Malformed() }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func number() throws(Malformed) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try byte()
                guard shift < 64 else { throw Malformed() }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        /// A whole number that fits an `Int`, as a count, a length or a size is.
        mutating func int() throws(Malformed) -> Int {
            let value = try number()
            guard value <= UInt64(Int.max) else { throw Malformed() }
            return Int(value)
        }

        mutating func fixed() throws(Malformed) -> UInt64 {
            guard bytes.count - offset >= 8 else { throw Malformed() }
            defer { offset += 8 }
            return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }

        /// A date's 14 digits, `yyyymmddhhmmss`, as one number.
        mutating func digits() throws(Malformed) -> Int64 {
            let value = try number()
            guard value < 100_000_000_000_000 else { throw Malformed() }
            return Int64(value)
        }

        /// The next length's bytes, valid as long as the blob is.
        mutating func data() throws(Malformed) -> UnsafeRawBufferPointer {
            let count = try int()
            guard count <= bytes.count - offset else { throw Malformed() }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        mutating func photos(folder: FilePath) throws(Malformed) -> [Photo] {
            let count = try int()
            // Each photo takes at least 12 bytes: a count past that is not of this layout.
            guard count <= bytes.count / 12 else { throw Malformed() }
            let formats = try names().map(ImageFormat.init(rawValue:))
            let cameras = hasShots ? try names() : []
            let lenses = hasShots ? try names() : []
            var photos: [Photo] = []
            photos.reserveCapacity(count)
            for _ in 0..<count {
                photos.append(try photo(folder: folder, formats: formats, cameras: cameras, lenses: lenses))
            }
            guard offset == bytes.count else { throw Malformed() }
            return photos
        }

        /// A count, then as many names (each a length and its UTF-8).
        private mutating func names() throws(Malformed) -> [String] {
            // Each name takes a byte at least: a count past the bytes left is not of this layout.
            let count = try int()
            guard count <= bytes.count - offset else { throw Malformed() }
            return try (0..<count).map { _ throws(Malformed) in String(decoding: try data(), as: UTF8.self) }
        }

        /// The place of a name in `names` (from 1), or 0 for none.
        private mutating func name(in names: [String]) throws(Malformed) -> String? {
            let place = try int()
            guard place <= names.count else { throw Malformed() }
            return place == 0 ? nil : names[place - 1]
        }

        /// A shot, or none.
        private mutating func shot(cameras: [String], lenses: [String]) throws(Malformed) -> ShotDetails? {
            guard hasShots else { return nil }
            switch try byte() {
            case 0: return nil
            case 1:
                let camera = try name(in: cameras)
                let lens = try name(in: lenses)
                let exposureBytes = try data()
                let exposure = exposureBytes.isEmpty ? nil : String(decoding: exposureBytes, as: UTF8.self)
                if let last = lastShot, last.camera == camera, last.lens == lens, last.exposure == exposure {
                    return last
                }
                lastShot = ShotDetails(camera: camera, lens: lens, exposure: exposure)
                return lastShot
            default: throw Malformed()
            }
        }

        private mutating func photo(
            folder: FilePath, formats: [ImageFormat?], cameras: [String], lenses: [String]
        ) throws(Malformed) -> Photo {
            let name = try data()
            guard !name.isEmpty, !name.contains(UInt8(ascii: "/")), !name.contains(0) else { throw Malformed() }
            let size = try int()
            let modified = Double(bitPattern: try fixed())
            let inode = try number()
            let place = Int(try byte())
            guard place <= formats.count else { throw Malformed() }
            var header: ImageHeader?
            var error: PhotoError?
            if place == 0 {
                let encoded = try data()
                if !encoded.isEmpty { error = PhotoError(encoded: Array(encoded)) }
            } else {
                let width = try int()
                let height = try int()
                let orientation = ExifOrientation(rawValue: Int(try byte())) ?? .up
                let date: ExifDateText? =
                    switch try byte() {
                    case 0: nil
                    case 1: .digits(try digits())
                    case 2: ExifDateText(bytes: try data())
                    default: throw Malformed()
                    }
                let duration: Double? =
                    switch try byte() {
                    case 0: nil
                    case 1: Double(bitPattern: try fixed())
                    default: throw Malformed()
                    }
                let shot = try shot(cameras: cameras, lenses: lenses)
                if let format = formats[place - 1] {
                    header = ImageHeader(
                        format: format, width: width, height: height, orientation: orientation, exifDate: date,
                        duration: duration)
                    header?.shot = shot
                }
            }
            return Photo(
                location: FileLocation(folder: folder, nameBytes: name),
                fileSize: size, modified: modified, inode: inode, header: header, error: error)
        }
    }
}
