import Waterfall

/// The accessible objects of one window, as a screen reader walks them:
///
/// ```
/// application "Waterfall"
/// └─ frame (the window's title)
///    ├─ list (the view's name; its description the counts), manages its descendants, with AtkSelection
///    │  ├─ heading (a section's header in view) / label (a section's footer in view)
///    │  └─ list item (a card in view), transient: selectable, focusable, selected, focused
///    ├─ image (the picture shown over the view, while one is), with AtkImage's description
///    └─ status bar (its text)
/// ```
///
/// Only the elements in view are objects (made when an assistive technology asks for them or one is focused, and
/// released as they leave the view), plus the counts said by the list: a million cards cost what the screen's do.
/// The objects keep no state: they ask the tree each time (`AccessibleAnswers`), and the tree asks the view and the
/// content. `update()`, once a turn before the loop waits, compares the view with what it last told and notifies the
/// changes: the elements in view (`children-changed`), the focus (`focus:`, the focused state, the list's active
/// descendant), the selection (each card's selected state, the list's `selection-changed`), the picture shown, the
/// focused card's name, the counts and the window's title.
final class AccessibleTree: AccessibleAnswers {
    /// The ids of the objects that always exist; an element's is above them.
    private enum Fixed: UInt64 {
        case application = 1
        case frame, list, statusBar, image
    }

    /// Where the keyboard focus is, as told last.
    enum Focus: Equatable {
        case none, list, image
        case card(ItemPath)
    }

    /// An element's object and what was told of it.
    private struct ElementObject {
        let id: UInt64
        let object: AccessibleObject
        var isSelected: Bool
    }

    let view: CollectionView
    let content: any AccessibilityContent
    let applicationName: String
    /// The window's title.
    private let title: () -> String
    /// The status bar's text, when the window has one.
    private let statusText: (() -> String)?
    private let model: AccessibleModel
    /// The application, the root.
    let application: AccessibleObject
    /// The window.
    let frame: AccessibleObject
    /// The view's list.
    let list: AccessibleObject
    /// The status bar.
    let statusBar: AccessibleObject
    /// The picture shown over the view.
    let image: AccessibleObject
    /// The elements in view, in reading order, as told last.
    private(set) var elements: [ElementID] = []
    /// The objects of elements in view made so far.
    private var objects: [ElementID: ElementObject] = [:]
    private var elementsByID: [UInt64: ElementID] = [:]
    private var nextID: UInt64 = 16
    /// Whether the list's children were asked for: only then are elements coming into view made and told.
    private var childrenAsked = false
    /// What was told last.
    private(set) var focus = Focus.none
    private var focusedName: String?
    private var shownImage: Int?
    private var selectedCount = 0
    private var summary: String?
    private var toldTitle: String

    /// The tree of a window titled `title()` (with a status bar saying `statusText()`, when given) showing `view`,
    /// whose words come from `content`, in an application named `applicationName`.
    init(
        view: CollectionView, content: any AccessibilityContent, applicationName: String,
        title: @escaping () -> String, statusText: (() -> String)?
    ) {
        self.view = view
        self.content = content
        self.applicationName = applicationName
        self.title = title
        self.statusText = statusText
        let model = AccessibleModel()
        self.model = model
        application = AccessibleObject(model: model, id: Fixed.application.rawValue, role: .application, parent: nil)
        frame = AccessibleObject(model: model, id: Fixed.frame.rawValue, role: .frame, parent: application)
        list = AccessibleObject(model: model, id: Fixed.list.rawValue, role: .list, parent: frame)
        statusBar = AccessibleObject(model: model, id: Fixed.statusBar.rawValue, role: .statusBar, parent: frame)
        image = AccessibleObject(model: model, id: Fixed.image.rawValue, role: .image, parent: frame)
        elements = view.elementsInViewport
        shownImage = content.shownImage
        selectedCount = view.selectedItems.count
        toldTitle = title()
        model.answers = self
    }

    deinit {
        // Every object first: a released object never asks the model again.
        for element in objects.values { element.object.release() }
        for object in [image, statusBar, list, frame, application] { object.release() }
    }

    /// How many elements' objects exist.
    var elementObjectCount: Int { objects.count }

    private func object(_ which: Fixed) -> AccessibleObject {
        switch which {
        case .application: application
        case .frame: frame
        case .list: list
        case .statusBar: statusBar
        case .image: image
        }
    }

    /// The object of `element`, made when it has none yet.
    func object(for element: ElementID) -> AccessibleObject {
        if let existing = objects[element] { return existing.object }
        let id = nextID
        nextID += 1
        let role: AccessibleObject.Role =
            switch element.kind {
            case .cell: .listItem
            case .header: .heading
            case .footer, .loadMoreFooter: .label
            }
        let object = AccessibleObject(model: model, id: id, role: role, parent: list)
        objects[element] = ElementObject(
            id: id, object: object, isSelected: element.kind == .cell && view.selectedItems.contains(element.indexPath))
        elementsByID[id] = element
        return object
    }

    // MARK: Telling the changes

    /// Compares the view with what was told last and notifies what changed. Call it once a turn, before the loop
    /// waits, on the loop's thread.
    /// - Complexity: O(columns × log n + k log k) for the k elements in view: it never looks at the other items.
    func update() {
        updateElements()
        updateImage()
        updateSelection()
        updateFocus()
        updateSummary()
        updateTitle()
    }

    private func updateElements() {
        let now = view.elementsInViewport
        guard now != elements else { return }
        let old = elements
        elements = now
        let kept = Set(now)
        // From the end, so that each index is where the child is when it goes; then the new ones in order.
        for (index, element) in old.enumerated().reversed() where !kept.contains(element) {
            guard let gone = objects.removeValue(forKey: element) else { continue }
            elementsByID[gone.id] = nil
            list.notifyChildrenChanged(index: index, child: gone.object, added: false)
            gone.object.release()
        }
        guard childrenAsked else { return }
        let before = Set(old)
        for (index, element) in now.enumerated() where !before.contains(element) {
            list.notifyChildrenChanged(index: index, child: object(for: element), added: true)
        }
    }

    private func updateImage() {
        let shown = content.shownImage
        guard shown != shownImage else { return }
        let before = shownImage
        shownImage = shown
        switch (before, shown) {
        case (nil, _?): frame.notifyChildrenChanged(index: 1, child: image, added: true)
        case (_?, nil): frame.notifyChildrenChanged(index: 1, child: image, added: false)
        default:
            image.notifyName()
            image.notifyDescription()
        }
    }

    /// Where the focus is now: the picture while one is shown, else the focused card while it is in view, else the
    /// list.
    private var currentFocus: Focus {
        if shownImage != nil { return .image }
        if let item = view.focusedItem, elements.contains(.cell(item)) { return .card(item) }
        return .list
    }

    /// The object of `focus`, made for a card when `making`.
    private func object(of focus: Focus, making: Bool) -> AccessibleObject? {
        switch focus {
        case .none: nil
        case .list: list
        case .image: image
        case .card(let item): making ? object(for: .cell(item)) : objects[.cell(item)]?.object
        }
    }

    private func updateFocus() {
        let target = currentFocus
        guard target != focus else {
            if case .card(let item) = focus {
                let name = content.accessibleName(of: .cell(item))
                if name != focusedName {
                    focusedName = name
                    object(of: focus, making: false)?.notifyName()
                }
            }
            return
        }
        let old = object(of: focus, making: false)
        focus = target
        if case .card(let item) = target { focusedName = content.accessibleName(of: .cell(item)) }
        old?.notify(.focused, false)
        guard let new = object(of: target, making: true) else { return }
        if case .card = target { list.notifyActiveDescendant(new) }
        new.notifyFocus()
    }

    private func updateSelection() {
        let selected = view.selectedItems
        var changed = selected.count != selectedCount
        selectedCount = selected.count
        var toldSelected: [(AccessibleObject, Bool)] = []
        for element in elements where element.kind == .cell {
            guard var told = objects[element] else { continue }
            let isSelected = selected.contains(element.indexPath)
            guard isSelected != told.isSelected else { continue }
            told.isSelected = isSelected
            objects[element] = told
            toldSelected.append((told.object, isSelected))
            changed = true
        }
        for (object, isSelected) in toldSelected { object.notify(.selected, isSelected) }
        if changed { list.notifySelectionChanged() }
    }

    private func updateSummary() {
        let now = content.listSummary
        guard now != summary else { return }
        let told = summary != nil
        summary = now
        if told { list.notifyDescription() }
    }

    private func updateTitle() {
        let now = title()
        guard now != toldTitle else { return }
        toldTitle = now
        frame.notifyName()
    }

    // MARK: AccessibleAnswers

    private func element(_ id: UInt64) -> ElementID? { elementsByID[id] }

    func name(of id: UInt64) -> String? {
        if let element = element(id) { return content.accessibleName(of: element) }
        switch Fixed(rawValue: id) {
        case .application: return applicationName
        case .frame: return title()
        case .list: return content.listName
        case .statusBar: return statusText?()
        case .image: return shownImage.map { content.accessibleImage($0).name }
        case nil: return nil
        }
    }

    func description(of id: UInt64) -> String? {
        switch Fixed(rawValue: id) {
        case .list: return content.listSummary
        case .image: return shownImage.map { content.accessibleImage($0).description }
        default: return nil
        }
    }

    func states(of id: UInt64) -> AccessibleObject.States {
        if let element = element(id) {
            guard element.kind == .cell else { return [.shown, .transient] }
            var states: AccessibleObject.States = [.shown, .transient, .focusable]
            if view.selectionMode != .none { states.insert(.selectable) }
            if view.selectedItems.contains(element.indexPath) { states.insert(.selected) }
            if focus == .card(element.indexPath) { states.insert(.focused) }
            return states
        }
        switch Fixed(rawValue: id) {
        case .application: return []
        case .frame: return [.shown, .active, .resizable]
        case .list:
            var states: AccessibleObject.States = [.shown, .focusable, .managesDescendants]
            if view.selectionMode == .multiple { states.insert(.multiselectable) }
            if focus == .list { states.insert(.focused) }
            return states
        case .statusBar: return .shown
        case .image: return focus == .image ? [.shown, .focusable, .focused] : [.shown, .focusable]
        case nil: return .defunct
        }
    }

    /// The window's children: the list, the picture while one is shown, the status bar.
    private var frameChildren: [Fixed] {
        [.list] + (shownImage != nil ? [.image] : []) + (statusText != nil ? [.statusBar] : [])
    }

    func childCount(of id: UInt64) -> Int {
        switch Fixed(rawValue: id) {
        case .application: return 1
        case .frame: return frameChildren.count
        case .list:
            childrenAsked = true
            return elements.count
        default: return 0
        }
    }

    func child(of id: UInt64, at index: Int) -> AccessibleObject? {
        switch Fixed(rawValue: id) {
        case .application: return index == 0 ? frame : nil
        case .frame: return frameChildren.indices.contains(index) ? object(frameChildren[index]) : nil
        case .list:
            childrenAsked = true
            return elements.indices.contains(index) ? object(for: elements[index]) : nil
        default: return nil
        }
    }

    func indexInParent(of id: UInt64) -> Int {
        if let element = element(id) { return elements.firstIndex(of: element) ?? -1 }
        guard let which = Fixed(rawValue: id) else { return -1 }
        return which == .application ? -1 : which == .frame ? 0 : frameChildren.firstIndex(of: which) ?? -1
    }

    func attributes(of id: UInt64) -> [(name: String, value: String)] {
        guard let element = element(id) else { return [] }
        switch element.kind {
        case .cell:
            // A card's place among all the items, as a screen reader says "3 of 1,000": the list's children are only
            // the cards in view.
            let before = (0..<element.indexPath.section).reduce(0) { $0 + view.layout.numberOfItems(inSection: $1) }
            return [("posinset", String(before + element.indexPath.item + 1)), ("setsize", String(view.numberOfItems))]
        case .header: return [("level", "1")]
        case .footer, .loadMoreFooter: return []
        }
    }

    func setChildSelected(of id: UInt64, at index: Int, _ selected: Bool) -> Bool {
        guard Fixed(rawValue: id) == .list, elements.indices.contains(index), elements[index].kind == .cell else {
            return false
        }
        let item = elements[index].indexPath
        if selected { return view.selectItem(at: item) }
        view.deselectItem(at: item)
        return true
    }

    func selectAll(of id: UInt64, _ selected: Bool) -> Bool {
        guard Fixed(rawValue: id) == .list else { return false }
        if selected {
            guard view.selectionMode == .multiple else { return false }
            view.selectAllItems()
        } else {
            view.deselectAllItems()
        }
        return true
    }

    func imageSize(of id: UInt64) -> (width: Int, height: Int)? {
        guard Fixed(rawValue: id) == .image, let shownImage else { return nil }
        return content.accessibleImage(shownImage).size
    }
}
