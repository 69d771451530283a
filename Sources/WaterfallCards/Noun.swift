/// A noun that things are counted in, singular and plural: the one way the demo puts a count before a noun, in its
/// status bars, section headers and footers and in the messages people read ("0 photos", "1 photo", "2 photos").
public struct Noun: Hashable, Sendable {
    /// The noun after a count of one: "photo".
    public let singular: String
    /// The noun after any other count: "photos".
    public let plural: String

    /// The noun `singular`, whose plural is `plural`, or `singular` with an "s" when not given.
    public init(_ singular: String, plural: String? = nil) {
        self.singular = singular
        self.plural = plural ?? singular + "s"
    }

    /// `count` and the noun, the count's digits grouped by thousands: "0 photos", "1 photo", "2 photos",
    /// "12,345 photos".
    public func counted(_ count: Int) -> String {
        "\(Self.grouped(count)) \(count == 1 ? singular : plural)"
    }

    /// `number`'s digits grouped by thousands with commas, as English text writes them: "999", "1,000", "-12,345".
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }

    /// A photo on the wall.
    public static let photo = Noun("photo")
    /// A folder of photos: a photo wall's section.
    public static let folder = Noun("folder")
    /// A catalog's card.
    public static let card = Noun("card")
    /// A section of cards.
    public static let section = Noun("section")
    /// An item of the collection view.
    public static let item = Noun("item")
    /// A column of the layout.
    public static let column = Noun("column")
    /// A symbolic link.
    public static let link = Noun("link")
    /// A picture decoded and uploaded.
    public static let picture = Noun("picture")
}
