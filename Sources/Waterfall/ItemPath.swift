/// An item's address: its section and its position in that section, as the `IndexPath` UIKit's collection
/// views use (named apart from Foundation's `IndexPath`, which a program importing both would find ambiguous).
/// Paths order by section, then item: the order the items are laid out in.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, counted from 0.
    public var section: Int
    /// The item's position in its section, counted from 0.
    public var item: Int

    /// The path of `item` in `section`, in UIKit's argument order.
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// Whether `lhs` comes before `rhs` in layout order: an earlier section, or an earlier item of the same one.
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// "section.item", e.g. "2.14".
    public var description: String { "\(section).\(item)" }
}
