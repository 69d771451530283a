/// The catalog items of one category, in catalog order.
package struct CatalogSection: Equatable, Sendable {
    /// The category every item of the section has.
    package var category: String
    /// The section's items, in the order the catalog lists them (banner items included, where they are).
    package var items: [CatalogItem]

    /// Groups `items` into one section per category: sections in the order of each category's first
    /// appearance, items in their original order within a section (banner items are not moved).
    package static func grouping(_ items: [CatalogItem]) -> [CatalogSection] {
        var sections: [CatalogSection] = []
        var sectionIndex: [String: Int] = [:]
        for item in items {
            if let index = sectionIndex[item.category] {
                sections[index].items.append(item)
            } else {
                sectionIndex[item.category] = sections.count
                sections.append(CatalogSection(category: item.category, items: [item]))
            }
        }
        return sections
    }
}
