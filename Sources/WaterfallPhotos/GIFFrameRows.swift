import CGif

extension GIFDecoder {
    /// The frame whose image descriptor giflib has just read: where it lies on its logical screen (checked to lie
    /// inside it), whether its rows are interlaced, and its colours as RGBA words, as the bytes go in memory.
    struct FrameRows {
        let left: Int
        let top: Int
        let width: Int
        let height: Int
        let screenWidth: Int
        let screenHeight: Int
        let isInterlaced: Bool
        /// RGBA per index; an index past the colour map, or the transparent one, is 0: transparent, not drawn.
        let palette: [UInt32]
        /// Whether a screen pixel may be transparent: the frame has a transparent index or fewer than 256 colours, or
        /// does not cover its screen.
        let mayBeTransparent: Bool

        /// The frame giflib's `gif` has just read the descriptor of, on a `screenWidth` × `screenHeight` screen.
        /// - Throws: `PhotoError.tooLarge` for a frame over the limits, `.unsupported(.gif, ...)` for a frame outside
        ///   its screen or without a colour map.
        init(
            _ gif: UnsafeMutablePointer<GifFileType>, transparentIndex: Int32, screenWidth: Int, screenHeight: Int
        ) throws {
            let frame = gif.pointee.Image
            (left, top, width, height) = (Int(frame.Left), Int(frame.Top), Int(frame.Width), Int(frame.Height))
            (self.screenWidth, self.screenHeight) = (screenWidth, screenHeight)
            isInterlaced = frame.Interlace
            try ImageHeader(format: .gif, width: width, height: height).checkSize()
            guard left >= 0, top >= 0, left + width <= screenWidth, top + height <= screenHeight else {
                throw PhotoError.unsupported(
                    .gif,
                    "a frame of \(width) × \(height) at (\(left), \(top)) outside its \(screenWidth) × \(screenHeight)"
                        + " screen")
            }
            guard let colorMap = frame.ColorMap ?? gif.pointee.SColorMap, let colors = colorMap.pointee.Colors else {
                throw PhotoError.unsupported(.gif, "no colour map")
            }
            var palette = [UInt32](repeating: 0, count: 256)
            let count = min(256, Int(colorMap.pointee.ColorCount))
            for index in 0..<count where index != Int(transparentIndex) {
                let color = colors[index]
                palette[index] =
                    (UInt32(color.Red) | UInt32(color.Green) << 8 | UInt32(color.Blue) << 16 | 255 << 24).littleEndian
            }
            self.palette = palette
            mayBeTransparent =
                (0..<count).contains(Int(transparentIndex)) || count < 256
                || (left, top, width, height) != (0, 0, screenWidth, screenHeight)
        }

        /// Reads the frame's rows and calls `body` with each of the screen's rows in order, top to bottom, as RGBA:
        /// transparent outside the frame. An interlaced frame's indexes are held whole until its last pass.
        func readRows(
            _ gif: UnsafeMutablePointer<GifFileType>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
        ) throws {
            let empty = [UInt8](repeating: 0, count: screenWidth * 4)
            var row = empty
            for _ in 0..<top { empty.withUnsafeBufferPointer(body) }
            if isInterlaced {
                var indexes = [GifPixelType](repeating: 0, count: width * height)
                for line in rowOrder(height: height, interlaced: true) {
                    try indexes.withUnsafeMutableBufferPointer {
                        try check(DGifGetLine(gif, $0.baseAddress! + line * width, Int32(width)), gif)
                    }
                }
                for line in 0..<height {
                    indexes.withUnsafeBufferPointer {
                        paint(UnsafeBufferPointer(rebasing: $0[(line * width)..<(line * width + width)]), into: &row)
                    }
                    row.withUnsafeBufferPointer(body)
                }
            } else {
                var indexes = [GifPixelType](repeating: 0, count: width)
                for _ in 0..<height {
                    try check(DGifGetLine(gif, &indexes, Int32(width)), gif)
                    indexes.withUnsafeBufferPointer { paint($0, into: &row) }
                    row.withUnsafeBufferPointer(body)
                }
            }
            for _ in (top + height)..<screenHeight { empty.withUnsafeBufferPointer(body) }
        }

        /// Writes the colours of one of the frame's rows of `indexes` into the screen's `row` at the frame's left.
        private func paint(_ indexes: UnsafeBufferPointer<GifPixelType>, into row: inout [UInt8]) {
            palette.withUnsafeBufferPointer { palette in
                row.withUnsafeMutableBytes { row in
                    let words = row.baseAddress!.assumingMemoryBound(to: UInt32.self) + left
                    for x in 0..<width { words[x] = palette[Int(indexes[x])] }
                }
            }
        }
    }
}
