import Foundation
import SystemPackage
import Testing
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// The wall's arrangement: the name filter (case and accents ignored), the least rating, the rejects, the timeline's
/// periods (named in the locale, newest first) and the order taken within a section.
struct PhotoArrangementTests {
    /// A card of `path` taken at `exif` (else modified at 0), with `marks`.
    func card(_ path: String, taken exif: String? = nil, rating: Int = 0, rejected: Bool = false) -> PhotoCard {
        let header = exif.map { ImageHeader(format: .jpeg, width: 400, height: 300, dateTaken: $0) }
        var photo = Photo(path: FilePath(path), fileSize: 1000, modified: 0, header: header)
        photo.marks = PhotoMarks(rating: rating, isRejected: rejected)
        return PhotoCard(photo)
    }

    var library: PhotoWallItems {
        var items = PhotoWallItems()
        items.append(
            [
                card("/p/trip/Été à Nice.jpg", taken: "2024:03:05 10:00:00", rating: 3),
                card("/p/trip/IMG_0002.JPG", taken: "2024:03:01 08:00:00", rating: 5),
                card("/p/trip/img_0003.jpg", taken: "2023:12:31 23:59:59", rejected: true),
            ], toSectionTitled: "trip")
        items.append(
            [
                card("/p/home/東京タワー.jpg", taken: "2024:03:05 07:00:00", rating: 1),
                card("/p/home/ete.png", taken: "2022:07:14 12:00:00"),
            ], toSectionTitled: "home")
        return items
    }

    func names(_ items: PhotoWallItems) -> [[String]] {
        items.sections.map { $0.cards.map(\.title) }
    }

    @Test func theFilterFindsNamesWithCaseAndAccentsIgnored() {
        var arrangement = PhotoArrangement()
        #expect(arrangement.showsEverythingAsWalked)
        arrangement.nameFilter = "ETE"
        let arranged = arrangement.arranged(library)
        #expect(names(arranged) == [["Été à Nice.jpg"], ["ete.png"]])
        #expect(arranged.sectionTitles == ["trip", "home"])
        arrangement.nameFilter = "img_000"
        #expect(names(arrangement.arranged(library)) == [["IMG_0002.JPG", "img_0003.jpg"]])
        arrangement.nameFilter = "タワー"
        #expect(names(arrangement.arranged(library)) == [["東京タワー.jpg"]])
        arrangement.nameFilter = "nothing"
        #expect(arrangement.arranged(library).count == 0 && arrangement.arranged(library).numberOfSections == 0)
    }

    /// The filter's text is a query (`PhotoQuery`): free text finds the folders below the root too, fields find
    /// marks, dates and formats, and text that cannot be read keeps the last query's photos, saying why.
    @Test func theFilterIsAQueryOverNamesFoldersMarksDatesAndFormats() {
        var items = PhotoWallItems()
        for section in library.sections { items.append(section.cards, toSectionTitled: "Pictures/" + section.title) }
        var arrangement = PhotoArrangement()
        arrangement.nameFilter = "TRIP"
        #expect(names(arrangement.arranged(items)) == [["Été à Nice.jpg", "IMG_0002.JPG", "img_0003.jpg"]])
        arrangement.nameFilter = "pictures"  // the root's own name finds nothing: every photo is under it
        #expect(arrangement.arranged(items).count == 0)
        arrangement.nameFilter = "rating>=3 date:2024"
        #expect(names(arrangement.arranged(items)) == [["Été à Nice.jpg", "IMG_0002.JPG"]])
        #expect(!arrangement.showsEverythingAsWalked && arrangement.filterError == nil)
        arrangement.nameFilter = "rating>=3 date:"
        #expect(arrangement.filterError == PhotoQueryError(column: 16, "date needs a value"))
        #expect(names(arrangement.arranged(items)) == [["Été à Nice.jpg", "IMG_0002.JPG"]])
        arrangement.nameFilter = "-rejected folder:trip"
        #expect(names(arrangement.arranged(items)) == [["Été à Nice.jpg", "IMG_0002.JPG"]])
        arrangement.nameFilter = "date:2022..2023 -tokyo"
        #expect(names(arrangement.arranged(items)) == [["img_0003.jpg"], ["ete.png"]])
        arrangement.nameFilter = "format:jpeg type:photo 東京"
        #expect(names(arrangement.arranged(items)) == [["東京タワー.jpg"]])
        arrangement.nameFilter = "format:png"  // a photo's format is its header's, not its name's
        #expect(arrangement.arranged(items).count == 0)
        arrangement.nameFilter = ""
        #expect(arrangement.showsEverythingAsWalked && arrangement.filterError == nil)
    }

    /// ASCII names are folded in place: a short one (held in the string itself), a long one with capitals (a string
    /// of its own), one with no capital (the name itself).
    @Test func theFilterFindsShortAndLongASCIINamesWithCaseIgnored() {
        var items = PhotoWallItems()
        items.append(
            [
                card("/p/x/DSC_0001.JPG"), card("/p/x/Holiday_In_Lisbon_2023_0001.JPG"),
                card("/p/x/holiday_in_porto_2023_0002.jpg"),
            ], toSectionTitled: "x")
        var arrangement = PhotoArrangement()
        arrangement.nameFilter = "Holiday_in"
        #expect(
            names(arrangement.arranged(items)) == [
                ["Holiday_In_Lisbon_2023_0001.JPG", "holiday_in_porto_2023_0002.jpg"]
            ])
        arrangement.nameFilter = ".jpg"
        #expect(names(arrangement.arranged(items)).first?.count == 3)
        arrangement.nameFilter = "dsc_0001.jpgx"
        #expect(arrangement.arranged(items).count == 0)
        arrangement.nameFilter = "N_PORTO"
        #expect(names(arrangement.arranged(items)) == [["holiday_in_porto_2023_0002.jpg"]])
    }

    @Test func theLeastRatingAndTheRejectsLeavePhotosOut() {
        var arrangement = PhotoArrangement()
        arrangement.minimumRating = 3
        #expect(names(arrangement.arranged(library)) == [["Été à Nice.jpg", "IMG_0002.JPG"]])
        arrangement.minimumRating = 0
        arrangement.hidesRejected = true
        #expect(
            names(arrangement.arranged(library)) == [["Été à Nice.jpg", "IMG_0002.JPG"], ["東京タワー.jpg", "ete.png"]])
    }

    @Test func theTimelineGroupsByMonthNewestFirstNamedInTheLocale() {
        var arrangement = PhotoArrangement()
        arrangement.grouping = .month
        let english = arrangement.arranged(library, locale: Locale(identifier: "en_US"))
        #expect(english.sectionTitles == ["March 2024", "December 2023", "July 2022"])
        // In each period, the library's order (folder by folder) unless sorted by the date taken.
        #expect(names(english) == [["Été à Nice.jpg", "IMG_0002.JPG", "東京タワー.jpg"], ["img_0003.jpg"], ["ete.png"]])
        #expect(
            arrangement.arranged(library, locale: Locale(identifier: "de_DE")).sectionTitles == [
                "März 2024", "Dezember 2023", "Juli 2022",
            ])
        arrangement.sortsByTaken = true
        #expect(names(arrangement.arranged(library))[0] == ["IMG_0002.JPG", "東京タワー.jpg", "Été à Nice.jpg"])
        arrangement.newestPeriodFirst = false
        #expect(
            arrangement.arranged(library, locale: Locale(identifier: "en_US")).sectionTitles == [
                "July 2022", "December 2023", "March 2024",
            ])
    }

    @Test func daysAndYearsAreTheirOwnPeriods() {
        var arrangement = PhotoArrangement()
        arrangement.grouping = .year
        #expect(
            arrangement.arranged(library, locale: Locale(identifier: "en_US")).sectionTitles == [
                "2024", "2023", "2022",
            ])
        arrangement.grouping = .day
        let days = arrangement.arranged(library, locale: Locale(identifier: "en_US"))
        #expect(
            days.sectionTitles == [
                "Tuesday, March 5, 2024", "Friday, March 1, 2024", "Sunday, December 31, 2023",
                "Thursday, July 14, 2022",
            ])
        #expect(days.sections.map(\.cards.count) == [2, 1, 1, 1])
    }

    @Test func theDateTakenIsEXIFsElseTheLocalModificationTime() {
        #expect(TakenTime(exif: "2024:03:05 10:11:12")?.value == 20240305101112)
        #expect(TakenTime(exif: "0000:00:00 00:00:00") == nil)
        #expect(TakenTime(exif: "2024:03") == nil)
        let taken = TakenTime(exif: "2024:03:05 10:11:12")!
        #expect(taken.day == 20240305 && taken.month == 202403 && taken.year == 2024)
        // A modification time is read in local time, as a file manager shows it: checked against Foundation's
        // calendar in the process's time zone.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: 1709633472))
        let local = [parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!].reduce(Int64(0))
        { $0 * 100 + Int64($1) }
        #expect(TakenTime(secondsSince1970: 1709633472).value == local)
        #expect(card("/p/untimed.jpg").taken == TakenTime(secondsSince1970: 0))
    }

    @Test func theDatesLocaleIsTheEnvironmentsLCAllThenLCTimeThenLang() {
        func identifier(_ environment: [String: String]) -> String {
            Locale.forDates(environment: environment).identifier
        }
        #expect(identifier(["LANG": "de_DE.UTF-8"]) == "de_DE")
        #expect(identifier(["LC_TIME": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"]) == "fr_FR")
        #expect(identifier(["LC_ALL": "ja_JP.UTF-8", "LC_TIME": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"]) == "ja_JP")
        #expect(identifier(["LC_ALL": "", "LC_TIME": "", "LANG": "de_AT.UTF-8@euro"]) == "de_AT")  // empty is unset
        #expect(identifier(["LANG": "de_DE@euro"]) == "de_DE")
        // The C locale, or none named, leaves Foundation's own.
        #expect(identifier(["LANG": "C.UTF-8"]) == Locale.current.identifier)
        #expect(identifier(["LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"]) == Locale.current.identifier)
        #expect(identifier([:]) == Locale.current.identifier)
        // The wall's month titles follow it.
        var arrangement = PhotoArrangement()
        arrangement.grouping = .month
        #expect(
            arrangement.arranged(
                library, locale: .forDates(environment: ["LC_TIME": "de_DE.UTF-8", "LANG": "en_US.UTF-8"])
            )
            .sectionTitles == ["März 2024", "Dezember 2023", "Juli 2022"])
    }
}
