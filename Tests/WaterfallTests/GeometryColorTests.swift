import Testing

@testable import Waterfall

@Suite struct ColorTests {
    @Test func parsesHexInEitherCase() throws {
        let color = try #require(Color(hex: "#A1b2C3"))
        #expect(color == Color(red: 0xA1, green: 0xB2, blue: 0xC3))
        #expect(color.hexString == "#A1B2C3")
        #expect(Color(hex: "#000000") == .black)
        #expect(Color(hex: "#ffffff") == .white)
    }

    @Test(arguments: [
        "A1B2C3", "#A1B2C", "#GGGGGG", "#A1B2C3D", "", "#", " #A1B2C3", "#A1B2C3 ", "#-1B2C3", "#A1B2Cé", "0xA1B2C3",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test(arguments: [0x000000, 0x00000F, 0x0A0B0C, 0x123456, 0xFEDCBA, 0xFFFFFF] as [UInt32])
    func hexStringRoundTrips(rgb: UInt32) throws {
        let color = Color(rgb: rgb)
        #expect(color.hexString.count == 7)
        #expect(Color(hex: color.hexString) == color)
    }

    @Test func rgbIgnoresTheTopByte() {
        #expect(Color(rgb: 0xFF12_3456) == Color(red: 0x12, green: 0x34, blue: 0x56))
        #expect(Color(rgb: 0x00000F).hexString == "#00000F")
    }

    @Test func mixing() {
        #expect(Color.black.mixed(with: .white, fraction: 0.5) == Color(red: 128, green: 128, blue: 128))
        #expect(Color.black.mixed(with: .white, fraction: 0.25) == Color(red: 64, green: 64, blue: 64))
        let a = Color(rgb: 0x102030)
        let b = Color(rgb: 0x305070)
        #expect(a.mixed(with: b, fraction: 0) == a)
        #expect(a.mixed(with: b, fraction: 1) == b)
        #expect(a.mixed(with: b, fraction: -1) == a)
        #expect(a.mixed(with: b, fraction: 2) == b)
        #expect(a.mixed(with: b, fraction: 0.5) == Color(rgb: 0x203850))
    }
}

@Suite struct GeometryTests {
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)

    @Test func edges() {
        #expect(rect.minX == 10)
        #expect(rect.maxX == 40)
        #expect(rect.minY == 20)
        #expect(rect.maxY == 60)
        #expect(rect.midX == 25)
        #expect(rect.midY == 40)
        #expect(Rect(x: 0, y: 0, width: 3, height: 1).midX == 1.5)
    }

    @Test func containsIsHalfOpen() {
        #expect(rect.contains(Point(x: 10, y: 20)))
        #expect(rect.contains(Point(x: 39.5, y: 59.5)))
        #expect(rect.contains(Point(x: 40, y: 30)) == false)
        #expect(rect.contains(Point(x: 20, y: 60)) == false)
        #expect(rect.contains(Point(x: 9.5, y: 30)) == false)
        #expect(rect.contains(Point(x: 20, y: 19.5)) == false)
        #expect(Rect(x: 5, y: 5, width: 0, height: 10).contains(Point(x: 5, y: 6)) == false)
        #expect(Rect.zero.contains(.zero) == false)
    }

    @Test func intersectsMeansSharingArea() {
        // Touching edges share no area.
        #expect(rect.intersects(Rect(x: 40, y: 20, width: 10, height: 10)) == false)
        #expect(rect.intersects(Rect(x: 0, y: 20, width: 10, height: 10)) == false)
        #expect(rect.intersects(Rect(x: 10, y: 60, width: 10, height: 10)) == false)
        #expect(rect.intersects(Rect(x: 10, y: 10, width: 10, height: 10)) == false)
        #expect(rect.intersects(Rect(x: 40, y: 60, width: 1, height: 1)) == false)
        // Overlaps, however small.
        #expect(rect.intersects(Rect(x: 39.5, y: 59.5, width: 10, height: 10)))
        #expect(rect.intersects(Rect(x: 0, y: 0, width: 10.5, height: 20.5)))
        #expect(rect.intersects(rect))
        #expect(rect.intersects(Rect(x: 15, y: 25, width: 1, height: 1)))
        #expect(Rect(x: 15, y: 25, width: 1, height: 1).intersects(rect))
        #expect(rect.intersects(Rect(x: 0, y: 0, width: 100, height: 100)))
        // A rectangle without area shares none, even inside another.
        #expect(rect.intersects(Rect(x: 20, y: 30, width: 0, height: 10)) == false)
        #expect(rect.intersects(Rect(x: 20, y: 30, width: 10, height: 0)) == false)
        #expect(Rect(x: 20, y: 30, width: 0, height: 0).intersects(rect) == false)
    }

    @Test func offsetAndInset() {
        #expect(rect.offsetBy(dx: -10, dy: 2.5) == Rect(x: 0, y: 22.5, width: 30, height: 40))
        #expect(rect.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 20, height: 20))
        #expect(rect.insetBy(dx: -5, dy: -0.5) == Rect(x: 5, y: 19.5, width: 40, height: 41))
        #expect(rect.insetBy(dx: 20, dy: 30) == Rect(x: 30, y: 50, width: 0, height: 0))
    }

    @Test func insets() {
        #expect(EdgeInsets(all: 3) == EdgeInsets(top: 3, left: 3, bottom: 3, right: 3))
        #expect(EdgeInsets.zero == EdgeInsets(all: 0))
        #expect(
            Rect(origin: Point(x: 1, y: 2), size: Size(width: 3, height: 4)) == Rect(x: 1, y: 2, width: 3, height: 4))
    }
}
