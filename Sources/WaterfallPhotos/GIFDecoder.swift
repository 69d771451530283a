import CGif

/// Decodes a GIF's first frame with giflib, record by record: the extensions before the first image descriptor are
/// read for a graphics control extension's transparent colour index, then that image's rows, and nothing after it,
/// so a long animation costs no more than its first frame. The frame is composed onto its logical screen as a browser
/// shows it: at its position, its interlaced rows put in their places, its transparent index and the rest of the
/// screen transparent (the card's background shows through, as through a PNG's transparency).
enum GIFDecoder {
    /// The first frame of the GIF in `bytes`, on a `screenWidth` × `screenHeight` screen (the header's size, checked
    /// against the limits before this is called), scaled to `storedWidth` × `storedHeight` and laid over `background`
    /// row by row as giflib decodes it (`AreaScaler`), as a PNG is: the screen is never held in RGBA. An interlaced
    /// frame, whose rows come in four passes, is held as its colour indexes (a byte a pixel) until the last pass.
    /// Returns the thumbnail and whether the frame was opaque.
    /// - Throws: `PhotoError.truncated(.gif)` when the data ends too soon; `PhotoError.unsupported(.gif, ...)` for
    ///   a GIF without an image or a colour map, a frame outside its screen, or what giflib refuses;
    ///   `PhotoError.tooLarge` for a frame over the limits.
    static func decodeScaled(
        _ bytes: UnsafeRawBufferPointer, screenWidth: Int, screenHeight: Int, storedWidth: Int, storedHeight: Int,
        background: UInt32
    ) throws -> (thumbnail: Thumbnail, isOpaque: Bool) {
        try withOpened(bytes) { gif in
            guard let control = try nextImage(gif) else { throw PhotoError.unsupported(.gif, "no image") }
            let frame = try FrameRows(
                gif, transparentIndex: control.TransparentColor, screenWidth: screenWidth, screenHeight: screenHeight)
            var scaler = AreaScaler(
                sourceWidth: screenWidth, sourceHeight: screenHeight, targetWidth: storedWidth,
                targetHeight: storedHeight, background: background, checksOpacity: frame.mayBeTransparent)
            try frame.readRows(gif) { scaler.add(row: $0) }
            return (scaler.thumbnail(), scaler.isOpaque)
        }
    }

    /// giflib's decode of the first frame's rows of colour indexes, each row dropped: the floor under a GIF's
    /// thumbnail (`LibraryDecodeFloor`). Returns the frame's pixels.
    /// - Throws: what `decodeScaled` throws.
    static func decodeFirstFrameIndexes(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        try withOpened(bytes) { gif in
            guard try nextImage(gif) != nil else { throw PhotoError.unsupported(.gif, "no image") }
            let (width, height) = (Int(gif.pointee.Image.Width), Int(gif.pointee.Image.Height))
            try ImageHeader(format: .gif, width: width, height: height).checkSize()
            var indexes = [GifPixelType](repeating: 0, count: width)
            for _ in 0..<height { try check(DGifGetLine(gif, &indexes, Int32(width)), gif) }
            return width * height
        }
    }

    /// Opens the GIF in `bytes` with giflib and calls `body` with it, then closes it.
    /// - Throws: what `body` throws, but `PhotoError.truncated(.gif)` whenever giflib ran out of bytes.
    static func withOpened<Result>(
        _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeMutablePointer<GifFileType>) throws -> Result
    ) throws -> Result {
        let input = Input(bytes)
        var error: Int32 = 0
        let opened = withExtendedLifetime(input) {
            DGifOpen(
                Unmanaged.passUnretained(input).toOpaque(),
                { file, buffer, count in
                    guard let user = file?.pointee.UserData, let buffer else { return 0 }
                    return Unmanaged<Input>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(count))
                }, &error)
        }
        // giflib names a short read by where it happened (DGifOpen's "no screen descriptor" for a cut colour table):
        // whatever it says, data that ran out is a truncated GIF.
        guard let gif = opened else { throw input.ranOut ? PhotoError.truncated(.gif) : failure(error) }
        defer { DGifCloseFile(gif, nil) }
        return try withExtendedLifetime(input) {
            do {
                return try body(gif)
            } catch _ where input.ranOut {
                throw PhotoError.truncated(.gif)
            }
        }
    }

    /// Reads the records up to the next image descriptor, and that descriptor (`DGifGetImageDesc`); returns the
    /// last graphics control extension before it (its transparent index, delay and disposal; none: no transparency,
    /// no delay, no disposal), or `nil` at the end of the file (its trailer).
    static func nextImage(_ gif: UnsafeMutablePointer<GifFileType>) throws -> GraphicsControlBlock? {
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
            TransparentColor: Int32(NO_TRANSPARENT_COLOR))
        while true {
            var type = UNDEFINED_RECORD_TYPE
            try check(DGifGetRecordType(gif, &type), gif)
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                try check(DGifGetImageDesc(gif), gif)
                return control
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                try check(DGifGetExtension(gif, &code, &block), gif)
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var read = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &read) == GIF_OK { control = read }
                }
                while block != nil { try check(DGifGetExtensionNext(gif, &block), gif) }
            case TERMINATE_RECORD_TYPE:
                return nil
            default:
                throw PhotoError.unsupported(.gif, "a record of unknown type")
            }
        }
    }

    /// Reads the rows of the image whose descriptor was just read, and draws them onto `screen` (RGBA, `screenWidth`
    /// × `screenHeight`) at the frame's position: its transparent index, and an index past its colour map, leave the
    /// screen's pixel as it was. Returns the frame's rectangle on the screen.
    @discardableResult
    static func drawFrame(
        _ gif: UnsafeMutablePointer<GifFileType>, transparentIndex: Int32, onto screen: inout [UInt8],
        screenWidth: Int, screenHeight: Int
    ) throws -> (left: Int, top: Int, width: Int, height: Int) {
        let frame = try FrameRows(
            gif, transparentIndex: transparentIndex, screenWidth: screenWidth, screenHeight: screenHeight)
        var line = [GifPixelType](repeating: 0, count: frame.width)
        for row in rowOrder(height: frame.height, interlaced: frame.isInterlaced) {
            try check(DGifGetLine(gif, &line, Int32(frame.width)), gif)
            let start = (frame.top + row) * screenWidth + frame.left
            screen.withUnsafeMutableBytes { screen in
                for x in 0..<frame.width where frame.palette[Int(line[x])] != 0 {
                    screen.storeBytes(of: frame.palette[Int(line[x])], toByteOffset: (start + x) * 4, as: UInt32.self)
                }
            }
        }
        return (frame.left, frame.top, frame.width, frame.height)
    }

    /// The frame's rows in the order the file stores them: top to bottom, or an interlaced image's four passes (every
    /// 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: height, by: $0.1) }
    }

    /// Throws giflib's error when `result` is not `GIF_OK`.
    static func check(_ result: Int32, _ gif: UnsafeMutablePointer<GifFileType>) throws {
        guard result != GIF_OK else { return }
        throw failure(gif.pointee.Error)
    }

    /// giflib's error `code` as a card's reason: data that ends too soon is a truncated GIF.
    static func failure(_ code: Int32) -> PhotoError {
        if code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON { return .truncated(.gif) }
        return .unsupported(.gif, GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
    }

    /// The bytes giflib reads through `DGifOpen`'s read function, from the start.
    final class Input {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        /// Whether giflib asked for more bytes than were left.
        var ranOut = false

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// Copies up to `count` of the next bytes into `buffer`; returns how many (fewer at the end: giflib then
        /// reports a read failure).
        func read(into buffer: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
            let length = max(0, min(count, bytes.count - offset))
            if length < count { ranOut = true }
            guard length > 0, let base = bytes.baseAddress else { return 0 }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: length)
            offset += length
            return Int32(length)
        }
    }
}
