import CGif

/// Decodes every frame of a GIF, each composed on its logical screen as a browser composes it: a frame's transparent
/// pixels show what was there, and before the next frame its disposal clears its rectangle to transparent
/// (background) or restores what was under it (previous).
enum GIFFrames {
    /// Calls `frame` with each frame of the GIF `bytes` (a `screenWidth` × `screenHeight` screen, checked against the
    /// limits before) composed on the screen, and its delay in seconds as the file gives it.
    /// - Throws: what `GIFDecoder.decode` throws, and what `frame` throws.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, screenWidth: Int, screenHeight: Int,
        frame: (RGBAImage, Double) throws -> Void
    ) throws {
        try GIFDecoder.withOpened(bytes) { gif in
            var screen = [UInt8](repeating: 0, count: screenWidth * screenHeight * 4)
            var count = 0
            while let control = try GIFDecoder.nextImage(gif) {
                // What a "previous" disposal restores: the screen before this frame.
                let before = control.DisposalMode == DISPOSE_PREVIOUS ? screen : nil
                let drawn = try GIFDecoder.drawFrame(
                    gif, transparentIndex: control.TransparentColor, onto: &screen,
                    screenWidth: screenWidth, screenHeight: screenHeight)
                try frame(
                    RGBAImage(width: screenWidth, height: screenHeight, bytes: screen), Double(control.DelayTime) / 100)
                count += 1
                if let before {
                    screen = before
                } else if control.DisposalMode == DISPOSE_BACKGROUND {
                    // The background is transparent, as browsers show it (the card's background shows through).
                    for row in drawn.top..<(drawn.top + drawn.height) {
                        let start = (row * screenWidth + drawn.left) * 4
                        screen.replaceSubrange(
                            start..<(start + drawn.width * 4), with: repeatElement(0, count: drawn.width * 4))
                    }
                }
            }
            if count == 0 { throw PhotoError.unsupported(.gif, "no image") }
        }
    }
}
