import Testing

@testable import WaterfallX11

/// The STRING target's Latin-1 and the server's wrapping clock, without a display.
struct SelectionTextTests {
    @Test(
        arguments: [
            ("Plain card", Array("Plain card".utf8)),
            (
                "Café au lait — crème brûlée",
                Array("Caf".utf8) + [0xE9] + Array(" au lait ? cr".utf8) + [0xE8] + Array("me br".utf8) + [
                    0xFB, 0x6C, 0xE9, 0x65,
                ]
            ),
            ("瀑布流 Waterfall", Array("??? Waterfall".utf8)),
            ("😀 emoji 👍🏽", Array("? emoji ?".utf8)),  // one "?" per character, a skin-tone modifier included
            // é composed as NFC would; x́ has no Latin-1 form
            ("Cafe\u{301} x\u{301}", Array("Caf".utf8) + [0xE9] + Array(" ?".utf8)),
            // tab, newline; other controls "?"
            ("a\tb\r\nc\u{7}d\u{85}e\u{A0}ÿ", [0x61, 0x09, 0x62, 0x0A, 0x63, 0x3F, 0x64, 0x3F, 0x65, 0xA0, 0xFF]),
            ("", []),
        ] as [(String, [UInt8])])
    func stringTargetIsLatin1WithOneQuestionMarkPerCharacterOutsideIt(text: String, bytes: [UInt8]) {
        #expect(SelectionText.latin1(text) == bytes)
    }

    @Test func serverTimesCompareAcrossTheWrap() throws {
        let early = try #require(ServerTime(milliseconds: 1000))
        let late = try #require(ServerTime(milliseconds: 2000))
        let beforeWrap = try #require(ServerTime(milliseconds: UInt32.max - 5))
        #expect(early.isBefore(late))
        #expect(!late.isBefore(early))
        #expect(!early.isBefore(early))
        #expect(beforeWrap.isBefore(early))  // 1,006 ms later on the wrapped clock
        #expect(!early.isBefore(beforeWrap))
        #expect(ServerTime(milliseconds: 0) == nil)  // CurrentTime is no time
    }
}
