/// The orientations as the dihedral group D4: each is a quarter-turn count clockwise applied after an optional
/// mirror left to right (EXIF's definitions), so turning the shown picture adds to the count and keeps the mirror.
extension ExifOrientation {
    /// The orientation that shows the picture as this one does, then turned by `quarterTurns` quarter turns (1 = 90°
    /// clockwise, -1 anticlockwise; any integer): a mirrored orientation stays mirrored.
    public func turned(quarterTurns: Int) -> ExifOrientation {
        let (turns, mirrored) = parts
        return Self(turns: ((turns + quarterTurns) % 4 + 4) % 4, mirrored: mirrored)
    }

    /// The quarter turns clockwise (0...3) and whether the stored picture is mirrored left to right first.
    var parts: (turns: Int, mirrored: Bool) {
        switch self {
        case .up: return (0, false)
        case .upMirrored: return (0, true)
        case .right: return (1, false)
        case .rightMirrored: return (1, true)  // transverse: mirrored, then a quarter turn clockwise
        case .down: return (2, false)
        case .downMirrored: return (2, true)
        case .left: return (3, false)
        case .leftMirrored: return (3, true)  // transpose: mirrored, then three quarter turns clockwise
        }
    }

    /// The orientation of `turns` (0...3) quarter turns clockwise after a mirror when `mirrored`.
    init(turns: Int, mirrored: Bool) {
        let table: [[ExifOrientation]] = [
            [.up, .right, .down, .left], [.upMirrored, .rightMirrored, .downMirrored, .leftMirrored],
        ]
        self = table[mirrored ? 1 : 0][turns]
    }
}
