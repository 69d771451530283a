/// The encodings of a selection's text for the targets a `SelectionOwner` answers.
enum SelectionText {
    /// The byte that stands for a character STRING cannot hold.
    static let replacement = UInt8(ascii: "?")

    /// `text` as the STRING target's bytes: ISO Latin-1, with the only control characters ICCCM allows in it, tab and
    /// newline (section 2.6.2: STRING is "ISO Latin-1 ... plus the control characters TAB and NEWLINE").
    ///
    /// Character by character (grapheme cluster): a character that is one Latin-1 character, or canonically equivalent
    /// to one (an "e" with a combining acute accent is "é", 0xE9, as in NFC), is that byte; a CR LF pair is one
    /// newline; any other character, however many code points it has (a CJK ideograph, an emoji with its modifier,
    /// another control character), is one `?`. So "Café au lait — crème brûlée" is "Caf\u{E9} au lait ? cr\u{E8}me
    /// br\u{FB}l\u{E9}e" and "瀑布流 Waterfall" is "??? Waterfall".
    /// - Complexity: O(n) in the text's length.
    static func latin1(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for character in text {
            bytes.append(latin1Byte(character))
        }
        return bytes
    }

    /// The STRING byte for one character (see `latin1(_:)`).
    static func latin1Byte(_ character: Character) -> UInt8 {
        let scalars = character.unicodeScalars
        if character == "\r\n" { return UInt8(ascii: "\n") }
        if scalars.count == 1, let value = scalars.first?.value {
            return isAllowedInString(value) ? UInt8(value) : replacement
        }
        // A base letter with combining marks: the Latin-1 letters with canonical decompositions are all in
        // 0xC0...0xFF, and Character's == compares canonical equivalence.
        guard let base = scalars.first?.value, base < 0x80 else { return replacement }
        for value in UInt32(0xC0)...0xFF where Character(Unicode.Scalar(UInt8(value))) == character {
            return UInt8(value)
        }
        return replacement
    }

    /// Whether the code point `value` may appear in a STRING: printable Latin-1 (0x20-0x7E, 0xA0-0xFF), tab and
    /// newline.
    private static func isAllowedInString(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value)
    }
}
