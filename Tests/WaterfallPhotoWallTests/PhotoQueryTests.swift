import Testing
import WaterfallLibrary
import WaterfallPhotos

/// The query language in-process: each term reads as its condition, each error names its column, and a query
/// matches the photos whose facts every term holds for.
struct PhotoQueryTests {
    typealias Term = PhotoQuery.Term

    static func time(_ digits: Int64) -> TakenTime { TakenTime(digits) }

    static let parsed: [(String, [Term])] = [
        ("", []),
        ("   ", []),
        ("Beach", [Term(.text("beach"))]),
        ("Été  \"Sea Side\"", [Term(.text("ete")), Term(.text("sea side"))]),
        ("keyword:Places/Sea", [Term(.keyword("places/sea"))]),
        ("keyword:places|sea|beach", [Term(.keyword("places/sea/beach"))]),
        ("rating>=4", [Term(.rating(4...5))]),
        ("rating:3 rating=2", [Term(.rating(3...3)), Term(.rating(2...2))]),
        (
            "rating>3 rating<2 rating<=1 rating:2..4",
            [
                Term(.rating(4...5)), Term(.rating(0...1)), Term(.rating(0...1)), Term(.rating(2...4)),
            ]
        ),
        (
            "rejected -rejected is:rejected",
            [
                Term(.rejected), Term(.rejected, isNegated: true), Term(.rejected),
            ]
        ),
        ("\"rejected\"", [Term(.text("rejected"))]),
        ("date:2023", [Term(.taken(time(2023_00_00_000000)...time(2023_99_99_999999)))]),
        ("date:2023-06", [Term(.taken(time(2023_06_00_000000)...time(2023_06_99_999999)))]),
        ("date:2023-06-01..2023-08-31", [Term(.taken(time(2023_06_01_000000)...time(2023_08_31_999999)))]),
        ("date:2022..2023-02", [Term(.taken(time(2022_00_00_000000)...time(2023_02_99_999999)))]),
        ("camera:\"X-T4\" lens:35", [Term(.camera("x-t4")), Term(.lens("35"))]),
        (
            "iso>3200 iso:400 iso<=800",
            [
                Term(.iso(3201...Int(Int32.max))), Term(.iso(400...400)), Term(.iso(1...800)),
            ]
        ),
        ("format:raw|HEIC|jpg", [Term(.format([.raw, .heif, .jpeg]))]),
        ("type:video -type:photo", [Term(.kind([.video])), Term(.kind([.photo]), isNegated: true)]),
        ("folder:Holidays is:duplicate", [Term(.folder("holidays")), Term(.duplicate)]),
        (
            "-keyword:people 12:30 IMG-2",
            [
                Term(.keyword("people"), isNegated: true), Term(.text("12:30")), Term(.text("img-2")),
            ]
        ),
        ("\"a:b\" RATING>=5", [Term(.text("a:b")), Term(.rating(5...5))]),
    ]

    @Test(arguments: parsed)
    func aQueryReadsAsItsTerms(text: String, terms: [Term]) throws {
        #expect(try PhotoQuery(parsing: text).terms == terms)
    }

    static let refused: [(String, Int, String)] = [
        (
            "beach raitng>=4", 7,
            "no field “raitng”: the fields are keyword, rating, date, camera, lens, iso, format, type, folder, is (put text with a colon in quotes)"
        ),
        ("rating>=7", 9, "rating is 0 to 5 stars, not “7”"),
        ("rating>5", 8, "rating is 0 to 5 stars: “5” finds none"),
        ("rating:four", 8, "rating is 0 to 5 stars, not “four”"),
        ("a - b", 3, "nothing after “-”: a term to leave out goes right after it"),
        ("sea \"side", 5, "this quote is not closed"),
        ("\"\"", 1, "empty quotes find nothing"),
        ("\"sea\"side", 6, "a space goes between two terms"),
        ("date:2023-13", 6, "a date is YYYY, YYYY-MM or YYYY-MM-DD, not “2023-13”"),
        ("date:23", 6, "a date is YYYY, YYYY-MM or YYYY-MM-DD, not “23”"),
        ("date:2023..2023-1", 12, "a date is YYYY, YYYY-MM or YYYY-MM-DD, not “2023-1”"),
        ("date:2024..2023", 6, "the range “2024..2023” ends before it starts"),
        ("date>2023", 1, "date takes “:”, not a comparison"),
        ("x format:bmp", 10, "format takes jpeg, png, webp, tiff, gif, jxl, heic, avif, raw or video, not “bmp”"),
        ("type:movie", 6, "type takes video or photo, not “movie”"),
        ("is:starred", 4, "is takes duplicate or rejected, not “starred”"),
        ("keyword:", 9, "keyword needs a value"),
        ("keyword:/", 9, "keyword needs a name"),
        ("iso>0x10", 5, "iso is a speed, not “0x10”"),
        ("東京 rating:9", 11, "rating is 0 to 5 stars, not “9”"),
    ]

    @Test(arguments: refused)
    func aQueryThatCannotBeReadNamesTheColumn(text: String, column: Int, message: String) {
        #expect(throws: PhotoQueryError(column: column, message)) { try PhotoQuery(parsing: text) }
    }

    @Test func anErrorSaysItsColumnFirst() {
        #expect(
            PhotoQueryError(column: 8, "rating is 0 to 5 stars, not “7”").description
                == "column 8: rating is 0 to 5 stars, not “7”")
    }

    /// A photo's facts, as a query asks them.
    struct Facts: QueryablePhoto {
        var foldedName = "img_0001.jpg"
        var foldedFolderName = "holidays 2023"
        var foldedKeywords: [String] = []
        var marks = PhotoMarks()
        var taken = TakenTime(2023_07_14_100000)
        var camera: String?
        var lens: String?
        var iso: Int?
        var format: ImageFormat? = .jpeg
        var isDuplicate = false
    }

    static let beach = Facts(
        foldedName: "dsc_0042.raf", foldedKeywords: ["places/sea/beach", "people"],
        marks: PhotoMarks(rating: 4), camera: "FUJIFILM X-T4", lens: "XF35mmF1.4 R", iso: 6400,
        format: .raw)
    static let clip = Facts(
        foldedName: "clip.mp4", foldedFolderName: "2024", marks: PhotoMarks(isRejected: true),
        taken: TakenTime(2024_01_02_030405), format: .video, isDuplicate: true)
    static let plain = Facts()

    static let matched: [(String, [String])] = [
        ("", ["beach", "clip", "plain"]),
        ("beach rating>=4 date:2023", ["beach"]),
        ("keyword:places", ["beach"]),
        ("keyword:places/sea/beach", ["beach"]),
        ("keyword:places/se", []),  // a keyword's parts whole, not a prefix of one
        ("keyword:sea", ["beach"]),  // a branch anywhere in the tree
        ("keyword:sea/beach", ["beach"]),
        ("keyword:beach", ["beach"]),  // a leaf, wherever it is
        ("keyword:sea/b", []),
        ("keyword:eople", []),
        ("sea", ["beach"]),  // free text finds a keyword's part
        ("holidays", ["beach", "plain"]),  // and the folder's name
        ("folder:2024", ["clip"]),
        ("-rejected", ["beach", "plain"]),
        ("rejected", ["clip"]),
        ("date:2023-07-14", ["beach", "plain"]),
        ("date:2023-08..2024", ["clip"]),
        ("camera:x-t4 lens:35 iso>3200", ["beach"]),
        ("-iso>3200", ["clip", "plain"]),  // no ISO known: the term does not hold, its negation does
        ("format:raw|video", ["beach", "clip"]),
        ("type:photo", ["beach", "plain"]),
        ("is:duplicate", ["clip"]),
        ("rating:0", ["clip", "plain"]),
        ("IMG", ["plain"]),
    ]

    @Test(arguments: matched)
    func aQueryMatchesThePhotosEveryTermHoldsFor(text: String, names: [String]) throws {
        let query = try PhotoQuery(parsing: text)
        let photos = [("beach", Self.beach), ("clip", Self.clip), ("plain", Self.plain)]
        #expect(photos.filter { query.matches($0.1) }.map(\.0) == names)
    }
}
