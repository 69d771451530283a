import Testing

@testable import WaterfallPhotos

/// `ExifOrientation.turned(quarterTurns:)` against the dihedral group D4, each orientation written as the matrix EXIF's
/// definitions give (stored coordinates to shown ones, x right and y down, about the picture's centre).
struct ExifOrientationTurningTests {
    private typealias Matrix = [[Int]]

    /// EXIF 2.32's Orientation values as transforms: 2 mirrors left to right, 3 turns half a turn, 4 mirrors top to
    /// bottom, 5 transposes, 6 turns clockwise, 7 transverses, 8 turns anticlockwise.
    private static let matrices: [ExifOrientation: Matrix] = [
        .up: [[1, 0], [0, 1]], .upMirrored: [[-1, 0], [0, 1]], .down: [[-1, 0], [0, -1]],
        .downMirrored: [[1, 0], [0, -1]],
        .leftMirrored: [[0, 1], [1, 0]], .right: [[0, -1], [1, 0]], .rightMirrored: [[0, -1], [-1, 0]],
        .left: [[0, 1], [-1, 0]],
    ]
    /// A quarter turn clockwise of the shown picture.
    private static let clockwise: Matrix = [[0, -1], [1, 0]]
    private static let anticlockwise: Matrix = [[0, 1], [-1, 0]]

    private static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<2).map { row in (0..<2).map { column in a[row][0] * b[0][column] + a[row][1] * b[1][column] } }
    }

    @Test(arguments: ExifOrientation.allCases)
    func aQuarterTurnEitherWayIsTheRotationAfterTheOrientation(_ orientation: ExifOrientation) throws {
        let matrix = try #require(Self.matrices[orientation])
        #expect(Self.matrices[orientation.turned(quarterTurns: 1)] == Self.product(Self.clockwise, matrix))
        #expect(Self.matrices[orientation.turned(quarterTurns: -1)] == Self.product(Self.anticlockwise, matrix))
        #expect(
            Self.matrices[orientation.turned(quarterTurns: 2)]
                == Self.product(Self.clockwise, Self.product(Self.clockwise, matrix)))
        #expect(orientation.turned(quarterTurns: 4) == orientation)
        #expect(orientation.turned(quarterTurns: -7) == orientation.turned(quarterTurns: 1))
        #expect(orientation.turned(quarterTurns: 1).turned(quarterTurns: -1) == orientation)
        #expect(orientation.turned(quarterTurns: 1).swapsSides != orientation.swapsSides)
    }

    @Test func theTableOfQuarterTurnsClockwise() {
        #expect(ExifOrientation.allCases.map { $0.turned(quarterTurns: 1).rawValue } == [6, 7, 8, 5, 2, 3, 4, 1])
        #expect(ExifOrientation.allCases.map { $0.turned(quarterTurns: -1).rawValue } == [8, 5, 6, 7, 4, 1, 2, 3])
    }
}
