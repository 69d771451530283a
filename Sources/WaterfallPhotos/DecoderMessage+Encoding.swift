import SystemPackage

/// A message's body being written: the fields after the length.
struct DecoderMessageWriter {
    private(set) var bytes: [UInt8] = [DecoderFrame.version]

    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func int(_ value: Int) { uint32(UInt32(clamping: value)) }
    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }
    mutating func data(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }
    mutating func string(_ value: String) { data(Array(value.utf8)) }
    mutating func optional<Value>(_ value: Value?, _ write: (inout Self, Value) -> Void) {
        byte(value == nil ? 0 : 1)
        if let value { write(&self, value) }
    }

    /// The message framed: its length, little-endian, then its bytes.
    var framed: [UInt8] {
        var framed: [UInt8] = []
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { framed.append(contentsOf: $0) }
        return framed + bytes
    }
}

/// A message's body being read: the fields after the length; every read past its end or of a bad value throws.
struct DecoderMessageReader {
    private let bytes: [UInt8]
    private var offset = 0

    /// A reader of the body `bytes`, its version byte checked.
    init(_ bytes: [UInt8]) throws(DecoderFrameError) {
        self.bytes = bytes
        let version = try byte()
        guard version == DecoderFrame.version else {
            throw DecoderFrameError(reason: "a message of version \(version)")
        }
    }

    mutating func byte() throws(DecoderFrameError) -> UInt8 {
        let slice = try take(1)
        return slice[slice.startIndex]
    }
    mutating func uint32() throws(DecoderFrameError) -> UInt32 {
        try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    mutating func int() throws(DecoderFrameError) -> Int { Int(try uint32()) }
    mutating func double() throws(DecoderFrameError) -> Double {
        Double(bitPattern: try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) })
    }
    mutating func data() throws(DecoderFrameError) -> [UInt8] { Array(try take(try int())) }
    mutating func string() throws(DecoderFrameError) -> String {
        let bytes = try data()
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw DecoderFrameError(reason: "a string that is not UTF-8")
        }
        return string
    }
    mutating func optional<Value>(
        _ read: (inout Self) throws(DecoderFrameError) -> Value
    ) throws(DecoderFrameError) -> Value? {
        switch try byte() {
        case 0: return nil
        case 1: return try read(&self)
        case let flag: throw DecoderFrameError(reason: "an optional's flag of \(flag)")
        }
    }

    /// Throws unless every byte was read.
    func end() throws(DecoderFrameError) {
        guard offset == bytes.count else {
            throw DecoderFrameError(reason: "\(bytes.count - offset) bytes after the message")
        }
    }

    private mutating func take(_ count: Int) throws(DecoderFrameError) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw DecoderFrameError(reason: "a message cut short") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }
}

extension DecoderRequest {
    /// The request framed.
    package var framed: [UInt8] {
        var writer = DecoderMessageWriter()
        switch self {
        case .header(let path):
            writer.byte(1)
            writer.data(path.bytes)
        case .thumbnail(let path, let width, let background):
            writer.byte(2)
            writer.data(path.bytes)
            writer.int(width)
            writer.uint32(background)
        }
        return writer.framed
    }

    /// The request of a message's `body` (the bytes after its length).
    package init(body: [UInt8]) throws(DecoderFrameError) {
        var reader = try DecoderMessageReader(body)
        switch try reader.byte() {
        case 1: self = .header(try Self.path(&reader))
        case 2: self = .thumbnail(try Self.path(&reader), width: try reader.int(), background: try reader.uint32())
        case let kind: throw DecoderFrameError(reason: "a request of kind \(kind)")
        }
        try reader.end()
    }

    private static func path(_ reader: inout DecoderMessageReader) throws(DecoderFrameError) -> FilePath {
        let bytes = try reader.data()
        guard !bytes.isEmpty, !bytes.contains(0) else {
            throw DecoderFrameError(reason: "a path that is empty or holds a NUL")
        }
        return FilePath(bytes: bytes)
    }
}

extension DecoderAnswer {
    /// The answer framed.
    package var framed: [UInt8] {
        var writer = DecoderMessageWriter()
        switch self {
        case .header(let header):
            writer.byte(1)
            writer.string(header.format.rawValue)
            writer.int(header.width)
            writer.int(header.height)
            writer.byte(UInt8(header.orientation.rawValue))
            writer.optional(header.dateTaken) { $0.string($1) }
            writer.optional(header.duration) { $0.double($1) }
        case .thumbnail(let thumbnail, let isOpaque, let profile):
            writer.byte(2)
            writer.int(thumbnail.width)
            writer.int(thumbnail.height)
            writer.int(thumbnail.pixels.count)
            for pixel in thumbnail.pixels { writer.uint32(pixel) }
            writer.byte(isOpaque ? 1 : 0)
            writer.optional(profile) { $0.data($1.bytes) }
        case .failure(let error):
            writer.byte(3)
            error.write(to: &writer)
        }
        return writer.framed
    }

    /// The answer of a message's `body` (the bytes after its length).
    package init(body: [UInt8]) throws(DecoderFrameError) {
        var reader = try DecoderMessageReader(body)
        switch try reader.byte() {
        case 1:
            let format = try ImageFormat.read(&reader)
            let width = try reader.int()
            let height = try reader.int()
            let orientationValue = try reader.byte()
            guard let orientation = ExifOrientation(rawValue: Int(orientationValue)) else {
                throw DecoderFrameError(reason: "an orientation of \(orientationValue)")
            }
            self = .header(
                ImageHeader(
                    format: format, width: width, height: height, orientation: orientation,
                    dateTaken: try reader.optional { r throws(DecoderFrameError) in try r.string() },
                    duration: try reader.optional { r throws(DecoderFrameError) in try r.double() }))
        case 2:
            let width = try reader.int()
            let height = try reader.int()
            let count = try reader.int()
            guard width > 0, height > 0, width * height == count else {
                throw DecoderFrameError(reason: "a thumbnail of \(width) × \(height) with \(count) pixels")
            }
            var pixels: [UInt32] = []
            pixels.reserveCapacity(count)
            for _ in 0..<count { pixels.append(try reader.uint32()) }
            let isOpaque = try reader.byte() != 0
            let profile = try reader.optional { r throws(DecoderFrameError) in try r.data() }
            self = .thumbnail(
                Thumbnail(width: width, height: height, pixels: pixels), isOpaque: isOpaque,
                profile: profile.flatMap(ColorProfile.init(bytes:)))
        case 3:
            self = .failure(try PhotoError.read(&reader))
        case let kind:
            throw DecoderFrameError(reason: "an answer of kind \(kind)")
        }
        try reader.end()
    }
}

extension ImageFormat {
    /// The format named by its `rawValue` in a message.
    fileprivate static func read(_ reader: inout DecoderMessageReader) throws(DecoderFrameError) -> ImageFormat {
        let name = try reader.string()
        guard let format = ImageFormat(rawValue: name) else {
            throw DecoderFrameError(reason: "a format named \(name)")
        }
        return format
    }
}

extension PhotoError {
    /// The error as a message's fields: a case byte, then the case's values.
    fileprivate func write(to writer: inout DecoderMessageWriter) {
        switch self {
        case .empty: writer.byte(1)
        case .notAnImage: writer.byte(2)
        case .truncated(let format):
            writer.byte(3)
            writer.string(format.rawValue)
        case .unsupported(let format, let detail):
            writer.byte(4)
            writer.string(format.rawValue)
            writer.string(detail)
        case .unsupportedCodec(let format, let codec):
            writer.byte(5)
            writer.string(format.rawValue)
            writer.string(codec)
        case .tooLarge(let width, let height):
            writer.byte(6)
            writer.int(width)
            writer.int(height)
        case .unreadable(let reason):
            writer.byte(7)
            writer.string(reason)
        case .vanished: writer.byte(8)
        case .failedBefore(let reason):
            writer.byte(9)
            writer.string(reason)
        case .timedOut(let format, let seconds):
            writer.byte(10)
            writer.string(format.rawValue)
            writer.double(seconds)
        case .decoderCrashed(let format, let how):
            writer.byte(11)
            writer.string(format.rawValue)
            writer.string(how)
        case .decoderMissing(let format, let executable):
            writer.byte(12)
            writer.string(format.rawValue)
            writer.string(executable)
        case .decoderFailed(let format, let detail):
            writer.byte(13)
            writer.string(format.rawValue)
            writer.string(detail)
        case .unsupportedRAWCamera: writer.byte(14)
        case .rawHasNoPreview: writer.byte(15)
        }
    }

    /// The error a message's fields name (see `write(to:)`).
    fileprivate static func read(_ reader: inout DecoderMessageReader) throws(DecoderFrameError) -> PhotoError {
        switch try reader.byte() {
        case 1: return .empty
        case 2: return .notAnImage
        case 3: return .truncated(try ImageFormat.read(&reader))
        case 4: return .unsupported(try ImageFormat.read(&reader), try reader.string())
        case 5: return .unsupportedCodec(try ImageFormat.read(&reader), codec: try reader.string())
        case 6: return .tooLarge(width: try reader.int(), height: try reader.int())
        case 7: return .unreadable(try reader.string())
        case 8: return .vanished
        case 9: return .failedBefore(try reader.string())
        case 10: return .timedOut(try ImageFormat.read(&reader), seconds: try reader.double())
        case 11: return .decoderCrashed(try ImageFormat.read(&reader), how: try reader.string())
        case 12: return .decoderMissing(try ImageFormat.read(&reader), executable: try reader.string())
        case 13: return .decoderFailed(try ImageFormat.read(&reader), try reader.string())
        case 14: return .unsupportedRAWCamera
        case 15: return .rawHasNoPreview
        case let kind: throw DecoderFrameError(reason: "an error of case \(kind)")
        }
    }
}

extension PhotoError {
    /// The error as bytes that `init(encoded:)` reads back: the worker's encoding, its version first. The library
    /// index keeps a file's own errors so (`isTheFilesOwn`).
    package var encoded: [UInt8] {
        var writer = DecoderMessageWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// The error that `encoded` bytes hold; `nil` for bytes of another version or that hold none.
    package init?(encoded: [UInt8]) {
        guard var reader = try? DecoderMessageReader(encoded), let error = try? PhotoError.read(&reader) else {
            return nil
        }
        self = error
    }
}
