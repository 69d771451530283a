/// A catalog's JSON text built from choices: up to 40 items whose fields are each valid, missing, of another type
/// or at an edge (empty, blank, control characters, a colour a digit short, an aspect of 0, -1, 20.000001 or
/// 1e400), inside an array or around it, whole or cut short. Random bytes alone seldom get past the JSON syntax;
/// these reach every check of the items.
enum CatalogRecipe {
    static let titles: [String?] = [
        #""Card""#, #""""#, #""   ""#, #""é 🌊 \n\t\u0000""#, "42", "null", nil,
        "\"" + String(repeating: "x", count: 300) + "\"", #""\ud800""#, #""a\"b\\c""#,
    ]
    static let subtitles: [String?] = [#""a subtitle""#, #""""#, nil, "false", #""\u001f""#]
    static let colors: [String?] = [
        ##""#12AB3f""##, ##""#12345""##, ##""#1234567""##, #""123456""#, ##""#GGGGGG""##, #""""#,
        "16777215", nil, ##""#+12345""##, ##""#-0000F""##, ##""#ＡＢＣＤＥＦ""##,
    ]
    static let aspects: [String?] = [
        "1", "0.5", "20", "20.000001", "0", "-1", "1e308", "1e-308", "5e-324", "1e400",
        #""NaN""#, "null", nil, #""1""#, "-0", "1.8", "0.0000001",
    ]
    static let categories: [String?] = [
        #""Art""#, #""Travel""#, #""""#, #"" ""#, "[]", nil, #""Art\u0000""#, #""art""#,
    ]
    static let banners: [String?] = [nil, "true", "false", #""yes""#, "1", "null"]

    static func json(from choices: inout FuzzBytes) -> String {
        let count = choices.choice(41)
        let items = (0..<count).map { _ in item(from: &choices) }
        let array = "[\n" + items.joined(separator: ",\n") + "\n]"
        switch choices.choice(12) {
        case 0: return #"{"items": "# + array + "}"  // an object, not an array
        case 1: return String(array.dropLast(choices.choice(max(1, array.count))))  // cut short
        case 2: return "[" + array + "]"  // an array of arrays
        case 3: return array + ","  // trailing garbage
        default: return array
        }
    }

    private static func item(from choices: inout FuzzBytes) -> String {
        var fields: [String] = []
        let table: [(String, [String?])] = [
            ("title", titles), ("subtitle", subtitles), ("color", colors),
            ("aspect", aspects), ("category", categories), ("banner", banners),
        ]
        for (name, values) in table {
            if let value = choices.pick(values) { fields.append("\"\(name)\": \(value)") }
        }
        switch choices.choice(8) {
        case 0: fields.append(#""extra": {"nested": [1, 2, {"x": null}]}"#)  // an unknown field is ignored
        case 1: fields.append(#""title": "Again""#)  // a duplicate key
        default: break
        }
        let rotation = fields.isEmpty ? 0 : choices.choice(fields.count)
        let ordered = Array(fields[rotation...] + fields[..<rotation])
        return choices.choice(16) == 0 ? "17" : "{" + ordered.joined(separator: ", ") + "}"
    }
}
