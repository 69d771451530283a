import Foundation

/// The timeline's section titles, in the user's locale: "Friday 1 March 2024", "March 2024", "2024" (as the locale
/// writes them: "März 2024" in German); and a day as a screen reader says a photo's ("1 March 2024").
package final class PeriodTitles {
    private let formatters: [PhotoGrouping: DateFormatter]
    /// A day without its weekday: "1 March 2024".
    private let dayFormatter: DateFormatter
    private let calendar: Calendar
    /// The titles made so far, by grouping and key: a regroup asks each period's once.
    private var made: [PhotoGrouping: [Int: String]] = [:]
    /// The days made so far, by key.
    private var madeDays: [Int: String] = [:]

    /// Titles in `locale` (the wall's `Configuration.locale`).
    package init(locale: Locale) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        self.calendar = calendar
        var formatters: [PhotoGrouping: DateFormatter] = [:]
        func formatter(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        for (grouping, template) in [(PhotoGrouping.day, "yMMMMEEEEd"), (.month, "yMMMM"), (.year, "y")] {
            formatters[grouping] = formatter(template)
        }
        self.formatters = formatters
        dayFormatter = formatter("yMMMMd")
    }

    /// The day `key` (`yyyymmdd`) in the locale's long form without its weekday: "1 March 2024" (British English),
    /// "March 1, 2024" (American).
    package func day(_ key: Int) -> String {
        if let day = madeDays[key] { return day }
        let components = DateComponents(
            year: key / 10_000, month: max(1, key / 100 % 100), day: max(1, key % 100), hour: 12)
        guard let date = calendar.date(from: components) else { return "\(key)" }
        let day = dayFormatter.string(from: date)
        madeDays[key] = day
        return day
    }

    /// The title of the period `key` (`yyyymmdd`, `yyyymm` or `yyyy`) of `grouping`.
    package func title(_ grouping: PhotoGrouping, _ key: Int) -> String {
        if let title = made[grouping]?[key] { return title }
        let (year, month, day): (Int, Int, Int)
        switch grouping {
        case .day: (year, month, day) = (key / 10_000, key / 100 % 100, key % 100)
        case .month: (year, month, day) = (key / 100, key % 100, 1)
        case .year, .folder, .similar: (year, month, day) = (key, 1, 1)
        }
        let components = DateComponents(year: year, month: max(1, month), day: max(1, day), hour: 12)
        guard let date = calendar.date(from: components), let formatter = formatters[grouping] else { return "\(key)" }
        let title = formatter.string(from: date)
        made[grouping, default: [:]][key] = title
        return title
    }
}
