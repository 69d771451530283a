import Testing
import Waterfall

@testable import WaterfallX11

struct PixelFormatTests {
    @Test func trueColor888PlacesEachChannelInItsByte() {
        let format = PixelFormat(redMask: 0xFF0000, greenMask: 0x00FF00, blueMask: 0x0000FF)
        #expect(format.pixel(for: Color(rgb: 0x0A64FF)) == 0x0A64FF)
        #expect(format.pixel(for: .white) == 0xFFFFFF)
        #expect(format.pixel(for: .black) == 0)
    }

    @Test func bgrMasksSwapTheChannels() {
        let format = PixelFormat(redMask: 0x0000FF, greenMask: 0x00FF00, blueMask: 0xFF0000)
        #expect(format.pixel(for: Color(rgb: 0x123456)) == 0x563412)
    }

    @Test func rgb565KeepsTheHighBits() {
        let format = PixelFormat(redMask: 0xF800, greenMask: 0x07E0, blueMask: 0x001F)
        #expect(format.pixel(for: .white) == 0xFFFF)
        // red 0x0A >> 3 = 1, green 0x64 >> 2 = 25, blue 0xFF >> 3 = 31
        #expect(format.pixel(for: Color(rgb: 0x0A64FF)) == (1 << 11 | 25 << 5 | 31))
    }

    @Test func thirtyBitColourScalesUp() {
        let format = PixelFormat(redMask: 0x3FF0_0000, greenMask: 0x000F_FC00, blueMask: 0x0000_03FF)
        // Scaled to the channel's range: 0xFF is full (0x3FF), 1 is 1023 / 255 rounded (4).
        #expect(format.pixel(for: Color(red: 0xFF, green: 0, blue: 1)) == (0x3FF << 20 | 0x004))
    }
}

struct KeyBindingTests {
    @Test func navigationKeysAndTheProgramsKeys() {
        #expect(KeyBinding(keysym: KeySymbols.q) == nil)  // the program's to bind
        #expect(KeyBinding(keysym: KeySymbols.escape) == .key(.cancel))
        #expect(KeyBinding(keysym: KeySymbols.tab) == .key(.tab))
        #expect(KeyBinding(keysym: KeySymbols.space) == .key(.space))
        #expect(KeyBinding(keysym: KeySymbols.a, modifiers: .control) == .command(.selectAll))
        #expect(KeyBinding(keysym: KeySymbols.up) == .key(.up))
        #expect(KeyBinding(keysym: KeySymbols.down) == .key(.down))
        #expect(KeyBinding(keysym: KeySymbols.left) == .key(.left))
        #expect(KeyBinding(keysym: KeySymbols.right) == .key(.right))
        #expect(KeyBinding(keysym: KeySymbols.pageUp) == .key(.pageUp))
        #expect(KeyBinding(keysym: KeySymbols.pageDown) == .key(.pageDown))
        #expect(KeyBinding(keysym: KeySymbols.home) == .key(.home))
        #expect(KeyBinding(keysym: KeySymbols.end) == .key(.end))
        #expect(KeyBinding(keysym: KeySymbols.a) == nil)
    }
}

/// Keysym values from X11/keysymdef.h, written out so the test does not import CX11.
enum KeySymbols {
    static let q: UInt = 0x0071
    static let a: UInt = 0x0061
    static let escape: UInt = 0xFF1B
    static let tab: UInt = 0xFF09
    static let space: UInt = 0x0020
    static let left: UInt = 0xFF51
    static let up: UInt = 0xFF52
    static let right: UInt = 0xFF53
    static let down: UInt = 0xFF54
    static let pageUp: UInt = 0xFF55
    static let pageDown: UInt = 0xFF56
    static let home: UInt = 0xFF50
    static let end: UInt = 0xFF57
}
