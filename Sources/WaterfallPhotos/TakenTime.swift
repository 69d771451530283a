import Glibc

/// When a photo was taken, as local wall-clock digits `yyyymmddhhmmss` in one integer: EXIF's DateTimeOriginal is
/// local time without a zone, so it is kept as written, and a file's modification time is turned to local time. The
/// day, month and year are then integer divisions, so regrouping 100,000 photos asks no calendar.
public struct TakenTime: Hashable, Comparable, Sendable {
    /// The digits `yyyymmddhhmmss`.
    public var value: Int64

    /// The time of `value`'s digits.
    public init(_ value: Int64) { self.value = value }

    /// The time EXIF's "2024:05:01 12:30:00" says, if it is one (a zero date, "0000:00:00 00:00:00", is none).
    public init?(exif: String) {
        var digits: Int64 = 0
        var count = 0
        for byte in exif.utf8.prefix(19) {
            guard byte >= 48 && byte <= 57 else { continue }
            digits = digits * 10 + Int64(byte - 48)
            count += 1
        }
        guard count == 14 else { return nil }
        self.init(digits: digits)
    }

    /// The time of EXIF's 14 digits `yyyymmddhhmmss` (`ExifDateText.digits`), if they are one: a zero year or month
    /// is none.
    public init?(digits: Int64) {
        guard digits / 10_000_000_000 > 0, (digits / 1_000_000) % 100 > 0 else { return nil }
        value = digits
    }

    /// The local time of `seconds` since 1970.
    public init(secondsSince1970 seconds: Double) {
        var time = time_t(seconds.isFinite ? seconds : 0)
        var parts = tm()
        localtime_r(&time, &parts)
        let day = Int64(parts.tm_year + 1900) * 10_000 + Int64(parts.tm_mon + 1) * 100 + Int64(parts.tm_mday)
        value = day * 1_000_000 + Int64(parts.tm_hour) * 10_000 + Int64(parts.tm_min) * 100 + Int64(parts.tm_sec)
    }

    /// `yyyymmdd`.
    public var day: Int { Int(value / 1_000_000) }
    /// `yyyymm`.
    public var month: Int { Int(value / 100_000_000) }
    /// The year.
    public var year: Int { Int(value / 10_000_000_000) }

    /// Whether `a` is earlier than `b`.
    public static func < (a: TakenTime, b: TakenTime) -> Bool { a.value < b.value }
}
