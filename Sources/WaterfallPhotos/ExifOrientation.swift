/// How a picture's stored pixels are turned to show it upright: EXIF's Orientation tag (0x0112), 1 to 8.
public enum ExifOrientation: Int, Hashable, Sendable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// Turned a quarter turn clockwise to show.
    case right = 6
    /// Mirrored along the other diagonal (transversed).
    case rightMirrored = 7
    /// Turned a quarter turn anticlockwise to show.
    case left = 8

    /// Whether the shown picture's width is the stored height: orientations 5 to 8.
    public var swapsSides: Bool { rawValue >= 5 }
}
