/// Layout options built from choices: the `layout` subcommand's arguments (each option left out, or given a value
/// that is valid, at an edge of its range, out of it or not a number) and the cards' area it lays out.
enum OptionsRecipe {
    static let counts = [
        "3", "1", "2", "5", "64", "0", "65", "-1", "9223372036854775807", "99999999999999999999", "abc", "", " 4",
        "3.5",
    ]
    static let items = ["0", "1", "5", "100", "2000", "-1", "50000001", "x"]
    static let lengths = [
        "12", "0", "0.5", "-0", "-1", "nan", "inf", "-inf", "1e308", "1e-320", "32767", "40000", "x", "",
    ]
    static let insets = [
        "12,12,12,12", "0,0,0,0", "1,2,3,4", "32767,0,0,32767", "-1,0,0,0", "nan,0,0,0", "inf,0,0,0",
        "1,2,3", "1,2,3,4,5", "a,b,c,d", "", ",,,", "1e308,1e308,1e308,1e308", "0.5, 0.25 ,1,2", "32768,0,0,0",
    ]
    static let placements = ["shortest", "ltr", "rtl", "up", ""]
    /// Widths and heights of the cards' area: valid ones, the edges of X's 1...32767, and what is outside it.
    static let sizes: [Double] = [
        1024, 748, 1, 2, 13, 100, 320, 4096, 32767, 0, -1, .nan, .infinity, 32768, 1e300, 0.5,
    ]

    /// The options' arguments, as the command line gives them.
    static func arguments(from choices: inout FuzzBytes) -> [String] {
        let table: [(String, [String])] = [
            ("--items", items), ("--columns", counts), ("--portrait-columns", counts), ("--landscape-columns", counts),
            ("--landscape-width", lengths), ("--insets", insets), ("--column-spacing", lengths),
            ("--row-spacing", lengths),
            ("--placement", placements),
        ]
        var arguments: [String] = []
        for (name, values) in table where choices.choice(4) == 1 {
            arguments += [name, choices.pick(values)]
        }
        return arguments
    }
}
