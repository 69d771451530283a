import Waterfall

/// What a window's accessible objects say beside what its window and collection view know (the title, the status
/// bar's text, the elements in view, the focus, the selection, the counts): the words, which are the program's. Asked on the loop's thread whenever an assistive
/// technology asks, and the focused card's name and the counts once a turn while the bridge runs: answer quickly, and
/// only of the element asked.
public protocol AccessibilityContent: AnyObject {
    /// The name of the list the view's items make, as a person would call it ("Photos").
    var listName: String { get }
    /// What the list holds, in words: its counts ("1,234 photos"). Said with the list's name; the list's children
    /// are only the elements in view, so this is where a screen reader hears how many there are.
    var listSummary: String { get }
    /// The spoken name of a cell or of a section's header or footer in view: a card's "harbour.jpg, 4 stars, 12 March
    /// 2023", a header's "Holidays, 24 photos".
    func accessibleName(of element: ElementID) -> String
    /// The picture shown over the view, if one is (a photo's lightbox): a number that changes when another picture
    /// is shown (its item's index). Asked once a turn: it must cost nothing.
    var shownImage: Int? { get }
    /// The picture `shownImage` names: its name, its description and its size.
    func accessibleImage(_ image: Int) -> AccessibleImage
}

/// A picture shown large, as a screen reader says it: an `AtkImage` with a name and a description.
public struct AccessibleImage: Equatable, Sendable {
    /// What it is: the photo's spoken name.
    public var name: String
    /// What a person sees in it, or knows of it ("4032 by 3024 pixels, 3.1 MB").
    public var description: String
    /// Its size in pixels, when it is known.
    public var size: (width: Int, height: Int)?

    /// A picture named `name`, described by `description`, of `size` pixels when known.
    public init(name: String, description: String, size: (width: Int, height: Int)? = nil) {
        self.name = name
        self.description = description
        self.size = size
    }

    /// Whether both say the same of the same size.
    public static func == (a: AccessibleImage, b: AccessibleImage) -> Bool {
        a.name == b.name && a.description == b.description && a.size?.width == b.size?.width
            && a.size?.height == b.size?.height
    }
}
