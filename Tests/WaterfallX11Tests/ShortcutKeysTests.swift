import CX11
import Foundation
import Testing
import XvfbSupport

@testable import WaterfallX11

/// Shortcut keys under any layout: the Latin keysym of a key when the layout in use gives a letter of another script.
@Suite(.serialized)
struct ShortcutKeysTests {
    static let cyrillicEf: KeySym = 0x6C6  // XK_Cyrillic_ef, on the key a US layout calls A
    static let greekAlpha: KeySym = 0x7E1  // XK_Greek_alpha
    static let a = KeySym(UInt8(ascii: "a"))
    static let q = KeySym(UInt8(ascii: "q"))

    @Test func aLatinKeysymOrAKeyOfNoScriptIsTakenAsItIs() {
        // AZERTY's A (on the US Q key) is `a`; Delete, F5, arrows and keypad keys are the same in every layout.
        #expect(ShortcutKeys.shortcutKeysym(active: Self.a, firstLevels: [Self.a], usKeysym: Self.q) == Self.a)
        for keysym in [
            KeySym(XK_Delete), KeySym(XK_F5), KeySym(XK_Left), KeySym(XK_KP_Up), KeySym(XK_ISO_Left_Tab),
            KeySym(UInt8(ascii: "1")), KeySym(0xE9),
        ] {  // é: Latin-1
            #expect(
                ShortcutKeys.shortcutKeysym(active: keysym, firstLevels: [Self.cyrillicEf], usKeysym: Self.a) == keysym)
        }
    }

    @Test func anotherScriptsLetterGivesTheFirstLatinKeysymOfTheKeyInTheOtherLayouts() {
        // us,ru with Russian in use: the first layout's `a`.
        #expect(
            ShortcutKeys.shortcutKeysym(
                active: Self.cyrillicEf, firstLevels: [Self.a, Self.cyrillicEf, 0, 0], usKeysym: Self.a) == Self.a)
        // ru,gr,fr: the first Latin one, wherever it is in the list; ahead of the US key.
        #expect(
            ShortcutKeys.shortcutKeysym(
                active: Self.cyrillicEf, firstLevels: [Self.cyrillicEf, Self.greekAlpha, Self.q, 0],
                usKeysym: Self.a) == Self.q)
    }

    @Test func withoutALatinLayoutTheUSKeyOfTheSamePlaceIsTaken() {
        #expect(
            ShortcutKeys.shortcutKeysym(
                active: Self.cyrillicEf, firstLevels: [Self.cyrillicEf, 0, 0, 0], usKeysym: Self.a) == Self.a)
        #expect(ShortcutKeys.shortcutKeysym(active: 0, firstLevels: [0, 0, 0, 0], usKeysym: Self.q) == Self.q)
        // A key outside the alphanumeric block keeps its own keysym.
        #expect(
            ShortcutKeys.shortcutKeysym(active: Self.greekAlpha, firstLevels: [Self.greekAlpha], usKeysym: 0)
                == Self.greekAlpha)
    }

    @Test func charactersOutsideLatin1NeedTheFallbackAndNothingElseDoes() {
        #expect(ShortcutKeys.needsLatinFallback(0))
        #expect(ShortcutKeys.needsLatinFallback(Self.cyrillicEf))
        #expect(ShortcutKeys.needsLatinFallback(0x100_03B1))  // Unicode α
        #expect(!ShortcutKeys.needsLatinFallback(0x100_00E9))  // Unicode é
        #expect(!ShortcutKeys.needsLatinFallback(Self.a))
        #expect(!ShortcutKeys.needsLatinFallback(0xFE52))  // dead_circumflex: a key, not a letter
        #expect(!ShortcutKeys.needsLatinFallback(KeySym(XK_Return)))
    }

    @Test func theUSTableCoversTheAlphanumericBlockByKeyName() {
        #expect(ShortcutKeys.usQWERTY.count == 12 + 12 + 11 + 10 + 2)
        #expect(ShortcutKeys.usQWERTY["AC01"] == Self.a)
        #expect(ShortcutKeys.usQWERTY["AD01"] == Self.q)
        #expect(ShortcutKeys.usQWERTY["AD04"] == KeySym(UInt8(ascii: "r")))
        #expect(ShortcutKeys.usQWERTY["AE01"] == KeySym(UInt8(ascii: "1")))
        #expect(ShortcutKeys.usQWERTY["AE10"] == KeySym(UInt8(ascii: "0")))
        #expect(ShortcutKeys.usQWERTY["AE12"] == KeySym(UInt8(ascii: "=")))
        #expect(ShortcutKeys.usQWERTY["AC11"] == KeySym(UInt8(ascii: "'")))
        #expect(ShortcutKeys.usQWERTY["AB10"] == KeySym(UInt8(ascii: "/")))
        #expect(ShortcutKeys.usQWERTY["TLDE"] == KeySym(UInt8(ascii: "`")))
        #expect(ShortcutKeys.usQWERTY["BKSL"] == KeySym(UInt8(ascii: "\\")))
    }

    /// The library's connection to `xvfb` after `setxkbmap arguments` there, its keymap up to date: a key event
    /// makes the server switch the core keyboard to the new map, and the connection reads the notifications.
    private func display(afterSetxkbmap arguments: [String], on xvfb: XvfbServer) throws -> Display {
        _ = try runTool("setxkbmap", arguments, display: xvfb.display)
        try xdotool(["key", "shift"], display: xvfb.display)
        let display = try Display(name: xvfb.display)
        display.sync()
        return display
    }

    @Test func russianAloneGivesTheUSLettersOfItsKeys() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try display(afterSetxkbmap: ["ru"], on: xvfb)
        let keyA = try keycode(ofKeyNamed: "AC01", display: xvfb.display)
        let keyR = try keycode(ofKeyNamed: "AD04", display: xvfb.display)
        #expect(try firstLevelKeysyms(ofKeycode: keyA, display: xvfb.display) == ["Cyrillic_ef"])  // no Latin layout
        let control = UInt32(ControlMask)
        #expect(display.shortcutKeys.keysym(keycode: UInt32(keyA), state: control, on: display) == Self.a)
        #expect(display.shortcutKeys.keysym(keycode: UInt32(keyA), state: UInt32(ShiftMask), on: display) == Self.a)
        #expect(display.shortcutKeys.keysym(keycode: UInt32(keyR), state: 0, on: display) == KeySym(UInt8(ascii: "r")))
        let delete = XKeysymToKeycode(display.handle, KeySym(XK_Delete))
        #expect(display.shortcutKeys.keysym(keycode: UInt32(delete), state: 0, on: display) == KeySym(XK_Delete))
    }

    @Test func usAndRussianWithRussianInUseGivesTheFirstLayoutsLetters() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try display(afterSetxkbmap: ["us,ru"], on: xvfb)
        let keyA = try keycode(ofKeyNamed: "AC01", display: xvfb.display)
        #expect(try firstLevelKeysyms(ofKeycode: keyA, display: xvfb.display) == ["a", "Cyrillic_ef"])
        let russian = UInt32(1) << 13  // the second group, in the state's group bits
        var consumed: UInt32 = 0
        var active: KeySym = 0
        _ = XkbLookupKeySym(display.handle, KeyCode(keyA), russian, &consumed, &active)
        #expect(active == Self.cyrillicEf)  // what the key types in Russian
        #expect(
            display.shortcutKeys.keysym(keycode: UInt32(keyA), state: russian | UInt32(ControlMask), on: display)
                == Self.a)
        #expect(display.shortcutKeys.keysym(keycode: UInt32(keyA), state: 0, on: display) == Self.a)
    }

    @Test func aLatinLayoutKeepsItsOwnLetters() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try display(afterSetxkbmap: ["fr"], on: xvfb)
        // AZERTY: the key a US layout calls Q types `a`, and is Ctrl+A.
        let keyQ = try keycode(ofKeyNamed: "AD01", display: xvfb.display)
        #expect(display.shortcutKeys.keysym(keycode: UInt32(keyQ), state: UInt32(ControlMask), on: display) == Self.a)
    }
}
