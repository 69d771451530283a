import Testing
import WaterfallPhotos

/// `FileURI`: the escaping of GLib's `g_filename_to_uri`, which the thumbnail cache's MD5 names depend on.
struct FileURITests {
    @Test func lettersDigitsAndGLibsPathCharactersStayAsTheyAre() {
        #expect(FileURI.uri(of: "/home/ada/Pictures/IMG_0001.jpg") == "file:///home/ada/Pictures/IMG_0001.jpg")
        #expect(FileURI.uri(of: "/a/!$&'()*+,-.:=@_~") == "file:///a/!$&'()*+,-.:=@_~")
    }

    @Test func spacesPercentSignsControlsAndOtherPunctuationAreEscapedInUpperCaseHex() {
        #expect(FileURI.uri(of: "/a b/50%.jpg") == "file:///a%20b/50%25.jpg")
        #expect(
            FileURI.uri(of: "/line\nbreak#?;[]{}|\\^`\"<>")
                == "file:///line%0Abreak%23%3F%3B%5B%5D%7B%7D%7C%5C%5E%60%22%3C%3E")
    }

    @Test func nonASCIINamesAreEscapedByteByByteValidUTF8OrNot() {
        #expect(FileURI.uri(of: "/Café/東京.png") == "file:///Caf%C3%A9/%E6%9D%B1%E4%BA%AC.png")
        // Latin-1 "é" (0xE9) on its own: not UTF-8, kept as the byte it is.
        #expect(FileURI.uri(ofPathBytes: Array("/caf".utf8) + [0xE9, 0xFF]) == "file:///caf%E9%FF")
    }

    @Test func aFileURIReadsBackToItsPathByteForByte() {
        let bytes = Array("/caf".utf8) + [0xE9, 0xFF] + Array("/a b%.png".utf8)
        #expect(FileURI.path(of: FileURI.uri(ofPathBytes: bytes))?.bytes == bytes)
        #expect(FileURI.path(of: "file:///Caf%c3%a9/x.jpg") == "/Café/x.jpg")  // lower-case hex too
        #expect(FileURI.path(of: "FILE://localhost/tmp/a.jpg") == "/tmp/a.jpg")
        #expect(FileURI.path(of: "file://ada-laptop/tmp/a.jpg", localHost: "ada-laptop") == "/tmp/a.jpg")
    }

    @Test func otherSchemesOtherMachinesAndBrokenEscapesAreNoLocalPath() {
        #expect(FileURI.path(of: "https://example.com/a.jpg") == nil)
        #expect(FileURI.path(of: "file://nas/photos/a.jpg") == nil)
        #expect(FileURI.path(of: "file:///a%2") == nil)
        #expect(FileURI.path(of: "file:///a%zz") == nil)
        #expect(FileURI.path(of: "file:///a%00b") == nil)
        #expect(FileURI.path(of: "file://") == nil)
        #expect(FileURI.path(of: "/tmp/a.jpg") == nil)
    }
}
