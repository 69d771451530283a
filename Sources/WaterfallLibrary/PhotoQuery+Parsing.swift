import WaterfallPhotos

extension PhotoQuery {
    /// The query that `text` says (see `PhotoQuery`); every photo's for a text of spaces alone.
    /// - Throws: `PhotoQueryError` at the column of the first term or value it cannot read: a field it does not know,
    ///   a value out of range or of another form, a quote not closed, a `-` with nothing after it.
    public init(parsing text: String) throws(PhotoQueryError) {
        var reader = QueryReader(Array(text))
        var terms: [Term] = []
        while let term = try reader.nextTerm() { terms.append(term) }
        self.init(terms: terms)
    }

    /// The fields a term may name, in the order an error lists them.
    static let fields = ["keyword", "rating", "date", "camera", "lens", "iso", "format", "type", "folder", "is"]
}

/// Reads a query's terms from its characters, one at a time, keeping the column of each.
private struct QueryReader {
    let characters: [Character]
    var position = 0

    init(_ characters: [Character]) {
        self.characters = characters
    }

    /// The column of `position`, from 1.
    func column(_ position: Int) -> Int { position + 1 }

    /// The next term, `nil` past the last.
    mutating func nextTerm() throws(PhotoQueryError) -> PhotoQuery.Term? {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
        guard position < characters.count else { return nil }
        let start = position
        var isNegated = false
        if characters[position] == "-" {
            isNegated = true
            position += 1
            guard position < characters.count, !characters[position].isWhitespace else {
                throw PhotoQueryError(
                    column: column(start), "nothing after “-”: a term to leave out goes right after it")
            }
        }
        let condition = try self.condition()
        guard position == characters.count || characters[position].isWhitespace else {
            throw PhotoQueryError(column: column(position), "a space goes between two terms")
        }
        return PhotoQuery.Term(condition, isNegated: isNegated)
    }

    /// The condition at `position`: a field's (a name of letters, then `:`, `=`, `<`, `>`, `<=` or `>=`, then its
    /// value), `rejected`, or free text (a word, or words in quotes).
    private mutating func condition() throws(PhotoQueryError) -> PhotoQuery.Condition {
        let start = position
        var end = position
        while end < characters.count, characters[end].isLetter, characters[end].isASCII { end += 1 }
        if end > start, end < characters.count, ":<>=".contains(characters[end]) {
            let field = String(characters[start..<end]).lowercased()
            guard PhotoQuery.fields.contains(field) else {
                throw PhotoQueryError(
                    column: column(start),
                    "no field “\(String(characters[start..<end]))”: the fields are "
                        + PhotoQuery.fields.joined(separator: ", ") + " (put text with a colon in quotes)")
            }
            position = end
            let comparison = readComparison()
            let valueStart = position
            let value = try readValue()
            return try Self.condition(field, comparison, value, at: column(valueStart), fieldColumn: column(start))
        }
        let word = try readValue()
        if word.text.lowercased() == "rejected" && !word.wasQuoted { return .rejected }
        guard !word.text.isEmpty else { throw PhotoQueryError(column: column(start), "empty quotes find nothing") }
        return .text(NameFolding.fold(word.text))
    }

    /// The comparison after a field's name: `:`, `=`, `<`, `>`, `<=` or `>=`.
    private mutating func readComparison() -> Comparison {
        let first = characters[position]
        position += 1
        if position < characters.count, characters[position] == "=", first == "<" || first == ">" {
            position += 1
            return first == "<" ? .atMost : .atLeast
        }
        switch first {
        case "<": return .below
        case ">": return .above
        default: return .equal
        }
    }

    /// A word up to the next space, or the text between two quotes (which may hold spaces).
    private mutating func readValue() throws(PhotoQueryError) -> (text: String, wasQuoted: Bool) {
        let start = position
        if position < characters.count, characters[position] == "\"" {
            guard let close = characters[(position + 1)...].firstIndex(of: "\"") else {
                throw PhotoQueryError(column: column(start), "this quote is not closed")
            }
            position = close + 1
            return (String(characters[(start + 1)..<close]), true)
        }
        while position < characters.count, !characters[position].isWhitespace, characters[position] != "\"" {
            position += 1
        }
        return (String(characters[start..<position]), false)
    }

    enum Comparison {
        case equal, below, above, atMost, atLeast
    }

    /// The condition of `field` compared so with `value` (at `column`).
    private static func condition(
        _ field: String, _ comparison: Comparison, _ value: (text: String, wasQuoted: Bool), at column: Int,
        fieldColumn: Int
    ) throws(PhotoQueryError) -> PhotoQuery.Condition {
        let text = value.text
        guard !text.isEmpty else { throw PhotoQueryError(column: column, "\(field) needs a value") }
        func equalOnly() throws(PhotoQueryError) {
            guard comparison == .equal else {
                throw PhotoQueryError(column: fieldColumn, "\(field) takes “:”, not a comparison")
            }
        }
        switch field {
        case "keyword":
            try equalOnly()
            let parts = NameFolding.fold(text).split(whereSeparator: { $0 == "/" || $0 == "|" }).map(String.init)
            guard !parts.isEmpty else { throw PhotoQueryError(column: column, "keyword needs a name") }
            return .keyword(parts.joined(separator: "/"))
        case "rating":
            return .rating(try numbers(text, comparison, in: 0...5, at: column, what: "rating is 0 to 5 stars"))
        case "iso":
            return .iso(try numbers(text, comparison, in: 1...Int(Int32.max), at: column, what: "iso is a speed"))
        case "date":
            try equalOnly()
            return .taken(try dates(text, at: column))
        case "camera":
            try equalOnly()
            return .camera(NameFolding.fold(text))
        case "lens":
            try equalOnly()
            return .lens(NameFolding.fold(text))
        case "folder":
            try equalOnly()
            return .folder(NameFolding.fold(text))
        case "format":
            try equalOnly()
            return .format(try formats(text, at: column))
        case "type":
            try equalOnly()
            return .kind(try kinds(text, at: column))
        default:  // "is"
            try equalOnly()
            switch text.lowercased() {
            case "duplicate": return .duplicate
            case "rejected": return .rejected
            default: throw PhotoQueryError(column: column, "is takes duplicate or rejected, not “\(text)”")
            }
        }
    }

    /// The whole numbers a comparison with `text` allows, within `bounds`: `3`, `2..4`; `>=4`, `<2`.
    private static func numbers(
        _ text: String, _ comparison: Comparison, in bounds: ClosedRange<Int>, at column: Int, what: String
    ) throws(PhotoQueryError) -> ClosedRange<Int> {
        func number(_ part: Substring) throws(PhotoQueryError) -> Int {
            guard let value = Int(part), bounds.contains(value) else {
                throw PhotoQueryError(column: column, "\(what), not “\(text)”")
            }
            return value
        }
        let range: (Int, Int)
        if comparison == .equal, let dots = text.range(of: "..") {
            range = (try number(text[..<dots.lowerBound]), try number(text[dots.upperBound...]))
        } else {
            let value = try number(Substring(text))
            switch comparison {
            case .equal: range = (value, value)
            case .below: range = (bounds.lowerBound, value - 1)
            case .above: range = (value + 1, bounds.upperBound)
            case .atMost: range = (bounds.lowerBound, value)
            case .atLeast: range = (value, bounds.upperBound)
            }
        }
        guard range.0 <= range.1 else { throw PhotoQueryError(column: column, "\(what): “\(text)” finds none") }
        return range.0...range.1
    }

    /// The times a date, or a range of two, covers: `2023`, `2023-06`, `2023-06-01`, `2023-06..2023-08-15`.
    private static func dates(_ text: String, at column: Int) throws(PhotoQueryError) -> ClosedRange<TakenTime> {
        func bounds(_ part: Substring, at column: Int) throws(PhotoQueryError) -> ClosedRange<TakenTime> {
            let fields = part.split(separator: "-", omittingEmptySubsequences: false)
            let numbers = zip(fields, [4, 2, 2]).compactMap { field, width in
                field.count == width && field.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(field) : nil
            }
            guard (1...3).contains(fields.count), numbers.count == fields.count,
                numbers.count < 2 || (1...12).contains(numbers[1]), numbers.count < 3 || (1...31).contains(numbers[2])
            else {
                throw PhotoQueryError(column: column, "a date is YYYY, YYYY-MM or YYYY-MM-DD, not “\(part)”")
            }
            // TakenTime's digits: yyyymmddhhmmss.
            let scales: [Int64] = [10_000_000_000, 100_000_000, 1_000_000]
            var low: Int64 = 0
            for (number, scale) in zip(numbers, scales) { low += Int64(number) * scale }
            let high = low + scales[numbers.count - 1] - 1
            return TakenTime(low)...TakenTime(high)
        }
        guard let dots = text.range(of: "..") else { return try bounds(Substring(text), at: column) }
        let first = try bounds(text[..<dots.lowerBound], at: column)
        let last = try bounds(
            text[dots.upperBound...], at: column + text.distance(from: text.startIndex, to: dots.upperBound))
        guard first.lowerBound <= last.upperBound else {
            throw PhotoQueryError(column: column, "the range “\(text)” ends before it starts")
        }
        return first.lowerBound...last.upperBound
    }

    /// The formats `raw|heic|jpeg` names: each as its `ImageFormat` is named, or as its files are (`jpg`, `heif`,
    /// `tif`, `jxl`).
    private static func formats(_ text: String, at column: Int) throws(PhotoQueryError) -> Set<ImageFormat> {
        let names: [String: ImageFormat] = [
            "jpeg": .jpeg, "jpg": .jpeg, "png": .png, "webp": .webp, "tiff": .tiff, "tif": .tiff, "gif": .gif,
            "jxl": .jxl, "heic": .heif, "heif": .heif, "avif": .avif, "video": .video, "raw": .raw,
        ]
        var formats: Set<ImageFormat> = []
        for name in text.lowercased().split(separator: "|", omittingEmptySubsequences: false) {
            guard let format = names[String(name)] else {
                throw PhotoQueryError(
                    column: column,
                    "format takes jpeg, png, webp, tiff, gif, jxl, heic, avif, raw or video, not “\(name)”")
            }
            formats.insert(format)
        }
        return formats
    }

    /// The kinds `video|photo` names.
    private static func kinds(_ text: String, at column: Int) throws(PhotoQueryError) -> Set<PhotoQuery.MediaKind> {
        var kinds: Set<PhotoQuery.MediaKind> = []
        for name in text.lowercased().split(separator: "|", omittingEmptySubsequences: false) {
            switch name {
            case "video": kinds.insert(.video)
            case "photo": kinds.insert(.photo)
            default: throw PhotoQueryError(column: column, "type takes video or photo, not “\(name)”")
            }
        }
        return kinds
    }
}
