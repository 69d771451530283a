import Testing
import WaterfallPhotos

/// A header's date held as its digits gives back the text byte for byte, and the same time as the text would.
struct ExifDateTextTests {
    static let usual = ["2024:05:01 12:30:00", "0000:00:00 00:00:00", "9999:99:99 99:99:99", "1999:12:31 23:59:59"]
    static let others = [
        "", "garbage", "2024:05:01 12:30:00.123", "2024-05-01 12:30:00", "2024:05:01 12:30:0x", "2024:05:01 12:30",
        " 2024:05:01 12:30:00", "2024:05:01T12:30:00", "２０２４:05:01 12:30:00",
    ]

    @Test(arguments: usual + others) func theTextComesBackAsItWasWithItsTime(text: String) {
        let held = ExifDateText(text)
        #expect(held.text == text)
        #expect(held.takenTime == TakenTime(exif: text))
        var bytes = text
        #expect(bytes.withUTF8 { ExifDateText(bytes: UnsafeRawBufferPointer($0)) } == held)
        if case .digits = held {
            #expect(Self.usual.contains(text))
        } else {
            #expect(Self.others.contains(text))
        }
    }

    @Test func aHeaderKeepsItsDateAsDigitsAndGivesTheTextBack() {
        var header = ImageHeader(format: .jpeg, width: 4, height: 3, dateTaken: "2023:06:01 08:09:10")
        #expect(header.exifDate == .digits(2023_06_01_08_09_10))
        #expect(header.dateTaken == "2023:06:01 08:09:10")
        header.dateTaken = "not a date"
        #expect(header.exifDate == .other("not a date"))
        header.dateTaken = nil
        #expect(header.exifDate == nil && header.dateTaken == nil)
    }

    @Test func bytesThatAreNotUTF8AreReadAsText() {
        let bytes: [UInt8] = [0x32, 0x30, 0xFF, 0x34]
        let held = bytes.withUnsafeBytes(ExifDateText.init(bytes:))
        #expect(held == .other("20\u{FFFD}4"))
    }
}
