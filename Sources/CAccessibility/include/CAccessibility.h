#ifndef WATERFALL_CACCESSIBILITY_H
#define WATERFALL_CACCESSIBILITY_H

// The ATK objects of a Waterfall window, for atk-bridge to speak AT-SPI for them, and GLib's main context embedded in
// the window's event loop. Plain C types only: Swift imports this header, never ATK's or GLib's.
//
// Every object (a WFNode, an AtkObject underneath) holds a node id and a model: a table of functions with a context
// pointer through which it asks its name, states, children... each time an assistive technology asks. The objects
// keep none of the program's state. Everything here runs on the loop thread, but wf_probe_session_bus's own thread.

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An accessible object: an `AtkObject` of one of the subclasses below, by role.
typedef struct WFNode WFNode;

/// What an object is (its `AtkRole`).
typedef enum WFRole {
    /// The application, the root of the tree (`ATK_ROLE_APPLICATION`).
    WFRoleApplication = 0,
    /// A top-level window (`ATK_ROLE_FRAME`, with `AtkWindow`'s signals).
    WFRoleFrame = 1,
    /// A list whose children can be selected (`ATK_ROLE_LIST`, with `AtkSelection`).
    WFRoleList = 2,
    /// An item of a list (`ATK_ROLE_LIST_ITEM`).
    WFRoleListItem = 3,
    /// A heading (`ATK_ROLE_HEADING`).
    WFRoleHeading = 4,
    /// A status bar (`ATK_ROLE_STATUSBAR`).
    WFRoleStatusBar = 5,
    /// A picture with a description (`ATK_ROLE_IMAGE`, with `AtkImage`).
    WFRoleImage = 6,
    /// A line of text (`ATK_ROLE_LABEL`).
    WFRoleLabel = 7,
} WFRole;

/// The states an object can be in, as bits of the model's `states` (each an `AtkStateType`).
enum {
    WFStateFocused = 1u << 0,
    WFStateSelected = 1u << 1,
    WFStateFocusable = 1u << 2,
    WFStateSelectable = 1u << 3,
    WFStateVisible = 1u << 4,
    WFStateShowing = 1u << 5,
    /// `ATK_STATE_ENABLED` and `ATK_STATE_SENSITIVE`.
    WFStateEnabled = 1u << 6,
    WFStateActive = 1u << 7,
    WFStateMultiselectable = 1u << 8,
    WFStateManagesDescendants = 1u << 9,
    WFStateTransient = 1u << 10,
    WFStateResizable = 1u << 11,
    WFStateDefunct = 1u << 12,
};

/// What an object asks of the program, by its node id, each time it is asked. Strings are returned in memory of
/// `malloc` (the object frees them), UTF-8, or NULL for none. Objects returned are borrowed: the model keeps them.
typedef struct WFModel {
    /// Handed back to every function.
    void *context;
    /// The object's name (what a screen reader says first).
    char *(*copyName)(void *context, uint64_t node);
    /// The object's description (for an image, its `AtkImage` description too).
    char *(*copyDescription)(void *context, uint64_t node);
    /// The object's `WFState` bits.
    uint32_t (*states)(void *context, uint64_t node);
    /// How many children the object has.
    int32_t (*childCount)(void *context, uint64_t node);
    /// The object's child at `index`, or NULL.
    WFNode *(*child)(void *context, uint64_t node, int32_t index);
    /// The object's index among its parent's children, -1 when it is none of them.
    int32_t (*indexInParent)(void *context, uint64_t node);
    /// The object's attributes, one "name:value" a line ("posinset:3\nsetsize:6"), or NULL.
    char *(*copyAttributes)(void *context, uint64_t node);
    /// Selects (or deselects) a list's child at `index`; whether it did.
    bool (*setChildSelected)(void *context, uint64_t node, int32_t index, bool selected);
    /// Selects every item of a list (or none); whether it did.
    bool (*selectAll)(void *context, uint64_t node, bool selected);
    /// An image's size in pixels; false when it has none.
    bool (*imageSize)(void *context, uint64_t node, int32_t *width, int32_t *height);
} WFModel;

/// A new object of `role` with id `node`, asking `model` (which must outlive it, or `wf_node_release` it first),
/// child of `parent` (NULL for the root). The caller holds its one reference.
WFNode *wf_node_new(const WFModel *model, uint64_t node, WFRole role, WFNode *parent);

/// Gives up the caller's reference to `object`: it becomes defunct (`ATK_STATE_DEFUNCT` is notified, so that the
/// bridge forgets it) and never asks its model again, though a client's lease may keep it a while.
void wf_node_release(WFNode *object);

/// Notifies that `object`'s state `state` (one `WFState` bit) became `value` (`atk_object_notify_state_change`).
void wf_node_notify_state(WFNode *object, uint32_t state, bool value);

/// Notifies that `object` has the keyboard focus: its focused state, and the focus trackers (the bridge's `focus:`).
void wf_node_notify_focus(WFNode *object);

/// Notifies that `parent`'s child `child` at `index` was added or removed (`children-changed::add` or `::remove`).
void wf_node_notify_children_changed(WFNode *parent, int32_t index, WFNode *child, bool added);

/// Notifies that `object`'s name changed (`accessible-name`).
void wf_node_notify_name(WFNode *object);

/// Notifies that `object`'s description changed (`accessible-description`).
void wf_node_notify_description(WFNode *object);

/// Notifies that a list's selection changed (`AtkSelection`'s `selection-changed`).
void wf_node_notify_selection_changed(WFNode *list);

/// Notifies that `child` of `list` became its active descendant (`active-descendant-changed`), the focus within a
/// list that manages its descendants.
void wf_node_notify_active_descendant(WFNode *list, WFNode *child);

/// Notifies that a frame was activated (`AtkWindow`'s `activate`).
void wf_node_notify_activated(WFNode *frame);

/// For tests: `object`'s name as ATK gives it (`atk_object_get_name`), in memory of `malloc`, or NULL.
char *wf_node_copy_atk_name(WFNode *object);
/// For tests: `object`'s role's name as ATK gives it (`atk_role_get_name`: "list item"), in memory of `malloc`.
char *wf_node_copy_atk_role_name(WFNode *object);
/// For tests: `object`'s `WFState` bits from its ATK state set (`atk_object_ref_state_set`).
uint32_t wf_node_atk_states(WFNode *object);
/// For tests: `object`'s child count as ATK gives it (`atk_object_get_n_accessible_children`).
int32_t wf_node_atk_child_count(WFNode *object);
/// For tests: `object`'s child at `index` as ATK gives it (`atk_object_ref_accessible_child`), borrowed; NULL when
/// none.
WFNode *wf_node_atk_child(WFNode *object, int32_t index);
/// For tests: how many of a list's children are selected (`atk_selection_get_selection_count`).
int32_t wf_node_atk_selection_count(WFNode *list);
/// For tests: an image's description (`atk_image_get_image_description`), in memory of `malloc`, or NULL.
char *wf_node_copy_atk_image_description(WFNode *image);
/// For tests: the value of `object`'s attribute `name` (`atk_object_get_attributes`), in memory of `malloc`, or NULL.
char *wf_node_copy_atk_attribute(WFNode *object, const char *name);

/// Counts the ATK signals a test listens to: `state-change`, `children-changed`, `selection-changed`,
/// `active-descendant-changed` and the focus trackers' calls, each as one line in a log the test reads and clears.
void wf_test_listen(void);
/// For tests: the signals heard since the last call, one "signal detail value name" a line, in memory of `malloc`.
char *wf_test_take_heard(void);

/// Whether the environment turns the bridge off, as atk-bridge reads it: `NO_AT_BRIDGE=1`.
bool wf_accessibility_disabled_by_environment(void);

/// Where an accessibility bus could be found without starting any process.
typedef enum WFBusHint {
    /// Nowhere: no `AT_SPI_BUS_ADDRESS`, and no session bus short of starting one (libdbus's autolaunch).
    WFBusHintNone = 0,
    /// `AT_SPI_BUS_ADDRESS` names it: the bridge connects to it.
    WFBusHintAddress = 1,
    /// A session bus is there to ask whether the bus launcher (`org.a11y.Bus`) runs: `wf_probe_session_bus`.
    WFBusHintSessionBus = 2,
} WFBusHint;

/// Where the bridge would find an accessibility bus, from the variables libdbus and libatspi read themselves:
/// `AT_SPI_BUS_ADDRESS`, `DBUS_SESSION_BUS_ADDRESS`, and `$XDG_RUNTIME_DIR/bus`, the session bus's socket under
/// systemd. Asks no one.
WFBusHint wf_accessibility_bus_hint(void);

/// Asks the session bus, on a thread of its own (a bus that does not answer never holds the loop), whether the
/// accessibility bus launcher `org.a11y.Bus` runs, without starting it; then calls `done` with the answer on the
/// thread that iterates GLib's default main context.
void wf_probe_session_bus(void (*done)(void *context, bool found), void *context);

/// Starts atk-bridge with `root` as the application (`AtkUtil`'s root, toolkit name and version): it connects to
/// the accessibility bus and registers with its registry, through GLib's default main context. Once per process;
/// false when the bridge could not start (no bus after all).
bool wf_accessibility_start_bridge(WFNode *root, const char *toolkitName, const char *toolkitVersion);

/// Takes GLib's default main context for this thread (`g_main_context_acquire`); false when another thread has it
/// (a host program's GLib loop, which then runs it).
bool wf_main_context_acquire(void);
/// Lets go of GLib's default main context (`g_main_context_release`).
void wf_main_context_release(void);
/// Before a wait: prepares the default context and asks its descriptors (`g_main_context_prepare` and `_query`);
/// returns how many, and sets `timeout` to the longest wait it allows in milliseconds (-1: no limit).
int32_t wf_main_context_prepare(int32_t *timeout);
/// Descriptor `index` of the last prepare: its file descriptor and the `poll` events it waits for.
void wf_main_context_descriptor(int32_t index, int32_t *fd, int16_t *events);
/// After the wait: what `poll` returned for descriptor `index` of the last prepare.
void wf_main_context_set_returned_events(int32_t index, int16_t revents);
/// After the wait: checks the sources and dispatches those ready (`g_main_context_check` and `_dispatch`).
void wf_main_context_dispatch(void);

#ifdef __cplusplus
}
#endif

#endif
