/// Looks up the keysym a key means for shortcuts, so that Ctrl+A, `q` and the program's keys work under any keyboard
/// layout, as GTK and Qt match shortcuts:
///
/// 1. the keysym of the layout in use (the event's XKB group) at its first level, when it is not a character outside
///    Latin-1: a letter of a Latin layout (AZERTY's A is `a`, wherever the key is), a digit, or a key such as Delete,
///    an arrow or F5, the same in every layout;
/// 2. else (a Cyrillic, Greek, Arabic... letter) the first Latin-1 keysym of the same key in the other layouts of
///    the keymap at their first level, the first layout first (`us,ru` with Russian in use: `a`);
/// 3. else, with no Latin layout in the keymap at all (`setxkbmap ru` alone), the character a US QWERTY keyboard
///    has on the same physical key, found by the key's XKB name (`<AC01>` is US `a`), as Qt 5 found it in a US
///    keymap it kept for the purpose;
/// 4. else the keysym of step 1.
///
/// The first level ignores Shift, Caps Lock and Num Lock, as `XLookupKeysym(event, 0)` did: the window reads
/// modifiers from the event's state.
final class ShortcutKeys {
    /// The US QWERTY keysym of each keycode, 0 where the key is not in the alphanumeric block: loaded from the keymap's
    /// key names at first need, and again after the keyboard mapping changes.
    private var usKeysyms: [KeySym]?

    /// The keysym the key `keycode`, pressed with `state` (an X event's state: modifiers and XKB group), means for
    /// shortcuts. Reads libX11's copy of the keymap (no round trip), but the key names' first use after a mapping
    /// change costs one.
    func keysym(keycode: UInt32, state: UInt32, on display: Display) -> KeySym {
        let key = UInt8(truncatingIfNeeded: keycode)
        // Only the group bits: the first level of the group in use, wrapped into the key's groups as XKB does.
        let active = display.firstLevelKeysym(keycode: key, groupState: state & Self.groupBits)
        guard Self.needsLatinFallback(active) else { return active }
        let groups = display.firstLevelKeysymsOfEachGroup(keycode: key)
        return Self.shortcutKeysym(active: active, firstLevels: groups, usKeysym: usKeysym(of: key, on: display))
    }

    /// After a MappingNotify: the key names may have changed with the keymap.
    func mappingChanged() {
        usKeysyms = nil
    }

    /// The rule of steps 2-4, given the keysym of step 1, the key's first-level keysym in each group of the keymap
    /// (first group first; NoSymbol beyond the key's groups) and its US QWERTY keysym (0 when it has none).
    static func shortcutKeysym(active: KeySym, firstLevels: [KeySym], usKeysym: KeySym) -> KeySym {
        guard needsLatinFallback(active) else { return active }
        if let latin = firstLevels.first(where: isLatin1Character) { return latin }
        return usKeysym != 0 ? usKeysym : active
    }

    /// Whether `keysym` is no symbol, or a character outside Latin-1 (a legacy keysym from 0x100 below the function
    /// keys' 0xFD00, or a Unicode keysym 0x1000000 + code point past U+00FF).
    static func needsLatinFallback(_ keysym: KeySym) -> Bool {
        if keysym == 0 { return true }
        if keysym >= 0x0100_0000 { return keysym > 0x0100_00FF && keysym <= 0x0110_FFFF }
        return keysym >= 0x100 && keysym < 0xFD00
    }

    /// Whether `keysym` is a printable Latin-1 character (these keysyms are their code points).
    static func isLatin1Character(_ keysym: KeySym) -> Bool {
        (0x20...0xFF).contains(keysym)
    }

    /// The XKB group bits of an X event's state (bits 13 and 14).
    static let groupBits: UInt32 = 0x6000

    private func usKeysym(of key: UInt8, on display: Display) -> KeySym {
        if usKeysyms == nil { usKeysyms = Self.usKeysyms(names: display.keyNames()) }
        return usKeysyms?[Int(key)] ?? 0
    }

    /// The US QWERTY keysym of every keycode whose XKB name (in `names`, by keycode) is in `usQWERTY`.
    static func usKeysyms(names: [Int: String]) -> [KeySym] {
        var table = [KeySym](repeating: 0, count: 256)
        for (code, name) in names where (0..<256).contains(code) { table[code] = usQWERTY[name] ?? 0 }
        return table
    }

    /// The US QWERTY character of each key of the alphanumeric block, by the key's XKB name: the rows `AE` (digits),
    /// `AD`, `AC` and `AB` counted from 01 at the left, `TLDE` and `BKSL`. Latin-1 keysyms are their code points.
    static let usQWERTY: [String: KeySym] = {
        var table: [String: KeySym] = ["TLDE": KeySym(UInt8(ascii: "`")), "BKSL": KeySym(UInt8(ascii: "\\"))]
        for (row, characters) in [
            ("AE", "1234567890-="), ("AD", "qwertyuiop[]"), ("AC", "asdfghjkl;'"), ("AB", "zxcvbnm,./"),
        ] {
            for (index, character) in characters.unicodeScalars.enumerated() {
                let column = index + 1
                table[row + (column < 10 ? "0" : "") + String(column)] = KeySym(character.value)
            }
        }
        return table
    }()
}
