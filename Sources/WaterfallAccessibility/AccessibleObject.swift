import CAccessibility
import Glibc

/// One ATK object of ours, a `WFNode` (CAccessibility): made, notified and released here, the module's one file of
/// calls on the objects. Each asks its model (`AccessibleModel`) for what it says, each time it is asked.
struct AccessibleObject: Hashable {
    let pointer: OpaquePointer

    /// What an object is: its `AtkRole`.
    enum Role {
        case application, frame, list, listItem, heading, label, statusBar, image

        var cValue: WFRole {
            switch self {
            case .application: WFRoleApplication
            case .frame: WFRoleFrame
            case .list: WFRoleList
            case .listItem: WFRoleListItem
            case .heading: WFRoleHeading
            case .label: WFRoleLabel
            case .statusBar: WFRoleStatusBar
            case .image: WFRoleImage
            }
        }
    }

    /// An object's states, the `WFState` bits (each an `AtkStateType`).
    struct States: OptionSet, Hashable {
        let rawValue: UInt32
        static let focused = States(rawValue: UInt32(WFStateFocused))
        static let selected = States(rawValue: UInt32(WFStateSelected))
        static let focusable = States(rawValue: UInt32(WFStateFocusable))
        static let selectable = States(rawValue: UInt32(WFStateSelectable))
        static let visible = States(rawValue: UInt32(WFStateVisible))
        static let showing = States(rawValue: UInt32(WFStateShowing))
        /// Enabled and sensitive.
        static let enabled = States(rawValue: UInt32(WFStateEnabled))
        static let active = States(rawValue: UInt32(WFStateActive))
        static let multiselectable = States(rawValue: UInt32(WFStateMultiselectable))
        static let managesDescendants = States(rawValue: UInt32(WFStateManagesDescendants))
        static let transient = States(rawValue: UInt32(WFStateTransient))
        static let resizable = States(rawValue: UInt32(WFStateResizable))
        static let defunct = States(rawValue: UInt32(WFStateDefunct))
        /// What every object shown is.
        static let shown: States = [.visible, .showing, .enabled]
    }

    /// A new object of `role` with id `id`, asking `model`, child of `parent` (`wf_node_new`). Release it
    /// (`release()`) before the model goes.
    init(model: AccessibleModel, id: UInt64, role: Role, parent: AccessibleObject?) {
        pointer = wf_node_new(model.table, id, role.cValue, parent?.pointer)
    }

    private init(pointer: OpaquePointer) { self.pointer = pointer }

    /// Gives up our reference: the object is defunct from now on and never asks its model again (`wf_node_release`).
    func release() { wf_node_release(pointer) }

    /// Notifies that state `state` (one state) became `value` (`atk_object_notify_state_change`).
    func notify(_ state: States, _ value: Bool) { wf_node_notify_state(pointer, state.rawValue, value) }

    /// Notifies that the object has the keyboard focus: its focused state and the focus trackers (`focus:`).
    func notifyFocus() { wf_node_notify_focus(pointer) }

    /// Notifies that `child` was added at, or removed from, `index` (`children-changed::add` or `::remove`).
    func notifyChildrenChanged(index: Int, child: AccessibleObject, added: Bool) {
        wf_node_notify_children_changed(pointer, Int32(clamping: index), child.pointer, added)
    }

    /// Notifies that the name changed (`accessible-name`).
    func notifyName() { wf_node_notify_name(pointer) }

    /// Notifies that the description changed (`accessible-description`).
    func notifyDescription() { wf_node_notify_description(pointer) }

    /// Notifies that the list's selection changed (`selection-changed`).
    func notifySelectionChanged() { wf_node_notify_selection_changed(pointer) }

    /// Notifies that `child` is the list's active descendant, its focus (`active-descendant-changed`).
    func notifyActiveDescendant(_ child: AccessibleObject) { wf_node_notify_active_descendant(pointer, child.pointer) }

    /// Notifies that the frame was activated (`AtkWindow`'s `activate`).
    func notifyActivated() { wf_node_notify_activated(pointer) }
}

// MARK: Read back through ATK, as atk-bridge reads the objects (for tests).

extension AccessibleObject {
    /// A string of `malloc`, freed.
    private static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    /// The name ATK gives (`atk_object_get_name`).
    var atkName: String? { Self.take(wf_node_copy_atk_name(pointer)) }
    /// The role's name ATK gives (`atk_role_get_name`: "list item").
    var atkRoleName: String? { Self.take(wf_node_copy_atk_role_name(pointer)) }
    /// The states ATK gives (`atk_object_ref_state_set`).
    var atkStates: States { States(rawValue: wf_node_atk_states(pointer)) }
    /// The child count ATK gives (`atk_object_get_n_accessible_children`).
    var atkChildCount: Int { Int(wf_node_atk_child_count(pointer)) }
    /// The child at `index` ATK gives (`atk_object_ref_accessible_child`).
    func atkChild(_ index: Int) -> AccessibleObject? {
        wf_node_atk_child(pointer, Int32(clamping: index)).map(AccessibleObject.init(pointer:))
    }
    /// The selected children's count ATK gives (`atk_selection_get_selection_count`); -1 for no list.
    var atkSelectionCount: Int { Int(wf_node_atk_selection_count(pointer)) }
    /// The image description ATK gives (`atk_image_get_image_description`).
    var atkImageDescription: String? { Self.take(wf_node_copy_atk_image_description(pointer)) }
    /// The value of attribute `name` ATK gives (`atk_object_get_attributes`).
    func atkAttribute(_ name: String) -> String? { Self.take(wf_node_copy_atk_attribute(pointer, name)) }

    /// Starts hearing the ATK signals the objects emit, as atk-bridge hears them (`wf_test_listen`).
    static func listenToSignals() { wf_test_listen() }
    /// The signals heard since the last call, one "signal detail value name" a line.
    static func takeHeardSignals() -> [String] {
        (take(wf_test_take_heard()) ?? "").split(separator: "\n").map(String.init)
    }
}
