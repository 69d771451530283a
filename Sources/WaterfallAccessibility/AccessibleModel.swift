import CAccessibility
import Glibc

/// What the objects ask about themselves, by their ids, answered in Swift (by `AccessibleTree`) on the loop thread.
protocol AccessibleAnswers: AnyObject {
    func name(of id: UInt64) -> String?
    func description(of id: UInt64) -> String?
    func states(of id: UInt64) -> AccessibleObject.States
    func childCount(of id: UInt64) -> Int
    func child(of id: UInt64, at index: Int) -> AccessibleObject?
    func indexInParent(of id: UInt64) -> Int
    /// Name and value pairs (`AtkAttributeSet`): a card's "posinset" and "setsize".
    func attributes(of id: UInt64) -> [(name: String, value: String)]
    func setChildSelected(of id: UInt64, at index: Int, _ selected: Bool) -> Bool
    func selectAll(of id: UInt64, _ selected: Bool) -> Bool
    func imageSize(of id: UInt64) -> (width: Int, height: Int)?
}

/// The table of functions (`WFModel`) every object of a tree asks through, each forwarding to `answers` (and
/// answering nothing without them). Its objects must be released before it goes: a released object never asks again.
final class AccessibleModel {
    /// The table, at an address that does not move while the objects hold it.
    let table: UnsafeMutablePointer<WFModel>
    /// Who answers: the tree, which holds the model.
    weak var answers: (any AccessibleAnswers)?

    init() {
        table = .allocate(capacity: 1)
        table.initialize(to: WFModel())
        table.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        table.pointee.copyName = { context, id in copy(answering(context)?.name(of: id)) }
        table.pointee.copyDescription = { context, id in copy(answering(context)?.description(of: id)) }
        table.pointee.states = { context, id in answering(context)?.states(of: id).rawValue ?? 0 }
        table.pointee.childCount = { context, id in Int32(clamping: answering(context)?.childCount(of: id) ?? 0) }
        table.pointee.child = { context, id, index in answering(context)?.child(of: id, at: Int(index))?.pointer }
        table.pointee.indexInParent = { context, id in Int32(clamping: answering(context)?.indexInParent(of: id) ?? -1)
        }
        table.pointee.copyAttributes = { context, id in
            let attributes = answering(context)?.attributes(of: id) ?? []
            return attributes.isEmpty ? nil : copy(attributes.map { "\($0.name):\($0.value)" }.joined(separator: "\n"))
        }
        table.pointee.setChildSelected = { context, id, index, selected in
            answering(context)?.setChildSelected(of: id, at: Int(index), selected) ?? false
        }
        table.pointee.selectAll = { context, id, selected in answering(context)?.selectAll(of: id, selected) ?? false }
        table.pointee.imageSize = { context, id, width, height in
            guard let size = answering(context)?.imageSize(of: id) else { return false }
            width?.pointee = Int32(clamping: size.width)
            height?.pointee = Int32(clamping: size.height)
            return true
        }
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }
}

/// The answers of the model whose context is `context`.
private func answering(_ context: UnsafeMutableRawPointer?) -> (any AccessibleAnswers)? {
    context.flatMap { Unmanaged<AccessibleModel>.fromOpaque($0).takeUnretainedValue().answers }
}

/// `text` in memory of `malloc`, which the object frees; `nil` for none.
private func copy(_ text: String?) -> UnsafeMutablePointer<CChar>? {
    text.flatMap { strdup($0) }
}
