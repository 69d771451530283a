import Testing
import Waterfall

@testable import WaterfallAccessibility

/// Cards in sections, 100 points tall, with 20-point headers, named "Card S.I" and "Section S".
final class NamedCards: CollectionViewDataSource, AccessibilityContent {
    var counts: [Int]
    let view: CollectionView
    /// Every element whose name was asked, in order.
    private(set) var named: [ElementID] = []
    var shownImage: Int?

    init(_ counts: [Int], columns: Int = 3, viewport: Size = Size(width: 300, height: 400)) throws {
        self.counts = counts
        view = CollectionView(
            layout: CollectionLayout(columnCount: columns, columnSpacing: 0, rowSpacing: 0, insets: EdgeInsets(all: 0)),
            columnPolicy: .fixed(columns), overscan: 0, scrollBarWidth: 0)
        view.register(forCellWithReuseIdentifier: "card") { CollectionViewCell(reuseIdentifier: "card") }
        view.selectionMode = .multiple
        view.dataSource = self
        try view.setViewportSize(viewport)
    }

    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? { 100 }
    func heightsOfItems(
        inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>
    ) {
        heights.update(repeating: 100)
    }
    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
        kind == .header ? 20 : 0
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "card")
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind, inSection section: Int
    ) -> CollectionViewCell? {
        collectionView.dequeueReusableCell(withReuseIdentifier: "card")
    }

    var listName: String { "Cards" }
    var listSummary: String { "\(counts.reduce(0, +)) cards" }
    func accessibleName(of element: ElementID) -> String {
        named.append(element)
        return element.kind == .header
            ? "Section \(element.indexPath.section)" : "Card \(element.indexPath.section).\(element.indexPath.item)"
    }
    func accessibleImage(_ image: Int) -> AccessibleImage {
        AccessibleImage(name: "Picture \(image)", description: "640 by 480 pixels", size: (640, 480))
    }

    func tree() -> AccessibleTree {
        AccessibleTree(
            view: view, content: self, applicationName: "Cards test", title: { "A window" },
            statusText: { "12 cards" })
    }
}

extension AccessibleObject {
    /// Every child's name, as ATK gives them.
    var atkChildNames: [String] {
        (0..<atkChildCount).map { atkChild($0)?.atkName ?? "?" }
    }
}

@Suite(.serialized)
struct AccessibleTreeTests {
    @Test func theTreeIsTheApplicationItsWindowTheListAndTheStatusBar() throws {
        let cards = try NamedCards([4, 8])
        let tree = cards.tree()
        #expect(tree.application.atkName == "Cards test")
        #expect(tree.application.atkRoleName == "application")
        #expect(tree.application.atkChildCount == 1)
        let frame = try #require(tree.application.atkChild(0))
        #expect(frame.atkName == "A window" && frame.atkRoleName == "frame")
        #expect(frame.atkChildNames == ["Cards", "12 cards"])
        #expect(frame.atkChild(1)?.atkRoleName == "statusbar")  // ATK's name; AT-SPI says "status bar"
        let list = try #require(frame.atkChild(0))
        #expect(list.atkRoleName == "list")
        #expect(list.atkStates.contains([.visible, .showing, .enabled, .managesDescendants, .multiselectable]))
        #expect(tree.description(of: 3) == "12 cards")
    }

    /// The list's children are the elements in view in reading order: a section's header, then its cards by item.
    @Test func theListsChildrenAreTheElementsInViewInReadingOrder() throws {
        let cards = try NamedCards([4, 8])
        let tree = cards.tree()
        // 300 × 400 in 3 columns of 100: header 0, two rows of section 0, header 1 at 220, its first two rows to 420.
        #expect(
            tree.list.atkChildNames == [
                "Section 0", "Card 0.0", "Card 0.1", "Card 0.2", "Card 0.3", "Section 1", "Card 1.0", "Card 1.1",
                "Card 1.2", "Card 1.3", "Card 1.4", "Card 1.5",
            ])
        let header = try #require(tree.list.atkChild(0))
        #expect(header.atkRoleName == "heading" && header.atkAttribute("level") == "1")
        let card = try #require(tree.list.atkChild(7))
        #expect(card.atkRoleName == "list item")
        #expect(card.atkStates == [.visible, .showing, .enabled, .focusable, .selectable, .transient])
        // Its place among all the cards, which the list's children do not say.
        #expect(card.atkAttribute("posinset") == "6" && card.atkAttribute("setsize") == "12")
    }

    /// A million cards cost what the screen's do: the list's children, the objects made and the names asked are
    /// those in view, and scrolling releases the objects that left.
    @Test func aMillionCardsCostWhatTheCardsInViewCost() throws {
        let cards = try NamedCards([1_000_000])
        let tree = cards.tree()
        #expect(tree.list.atkChildCount == 13)  // the header and 4 rows of 3
        #expect(tree.elementObjectCount == 0)  // none asked for yet
        let names = tree.list.atkChildNames
        #expect(names.first == "Section 0" && names.last == "Card 0.11")
        #expect(tree.elementObjectCount == 13)
        #expect(cards.named.count == 13)
        #expect(tree.list.atkChild(5)?.atkAttribute("setsize") == "1000000")

        cards.view.setContentOffset(20 + 100 * 300_000)  // row 300,000 at the top
        tree.update()
        #expect(tree.elementObjectCount == 12)  // the 12 in view made and told, the 13 that left released
        #expect(tree.list.atkChildNames.first == "Card 0.900000")
        #expect(tree.list.atkChild(0)?.atkAttribute("posinset") == "900001")
    }

    /// The keyboard's focus and the selection are told as atk-bridge hears them: the card's focused and selected
    /// states, the focus trackers, the list's active descendant and selection.
    @Test func theFocusAndTheSelectionAreToldAsTheyChange() throws {
        let cards = try NamedCards([4, 8])
        let tree = cards.tree()
        AccessibleObject.listenToSignals()
        tree.update()
        #expect(AccessibleObject.takeHeardSignals() == ["state-change focused 1 Cards", "focus Cards"])
        _ = tree.list.atkChildNames  // a screen reader looked at the cards in view

        cards.view.handleKey(.right)  // nothing focused: the first card in view, selected alone
        tree.update()
        #expect(
            AccessibleObject.takeHeardSignals() == [
                "state-change selected 1 Card 0.0", "selection-changed Cards", "state-change focused 0 Cards",
                "active-descendant-changed Card 0.0", "state-change focused 1 Card 0.0", "focus Card 0.0",
            ])
        cards.view.handleKey(.right)
        tree.update()
        #expect(
            AccessibleObject.takeHeardSignals() == [
                "state-change selected 0 Card 0.0", "state-change selected 1 Card 0.1", "selection-changed Cards",
                "state-change focused 0 Card 0.0", "active-descendant-changed Card 0.1",
                "state-change focused 1 Card 0.1", "focus Card 0.1",
            ])
        let focused = try #require(tree.list.atkChild(2))
        #expect(focused.atkStates.contains([.focused, .selected]))
        #expect(tree.list.atkSelectionCount == 1)
        tree.update()
        #expect(AccessibleObject.takeHeardSignals().isEmpty)  // nothing changed, nothing told
    }

    /// A picture shown over the view is the window's image, with its description, and has the focus.
    @Test func aPictureShownIsAnImageWithItsDescription() throws {
        let cards = try NamedCards([4])
        let tree = cards.tree()
        AccessibleObject.listenToSignals()
        tree.update()
        _ = AccessibleObject.takeHeardSignals()
        cards.shownImage = 2
        tree.update()
        #expect(
            AccessibleObject.takeHeardSignals() == [
                "children-changed add 1 Picture 2", "state-change focused 0 Cards", "state-change focused 1 Picture 2",
                "focus Picture 2",
            ])
        #expect(tree.frame.atkChildNames == ["Cards", "Picture 2", "12 cards"])
        let image = try #require(tree.frame.atkChild(1))
        #expect(image.atkRoleName == "image" && image.atkImageDescription == "640 by 480 pixels")
        cards.shownImage = nil
        tree.update()
        #expect(
            AccessibleObject.takeHeardSignals() == [
                "children-changed remove 1 ?", "state-change focused 0 ?", "state-change focused 1 Cards",
                "focus Cards",
            ])
    }
}
