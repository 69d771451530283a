// The ATK objects: one AtkObject subclass for every role, and three that add an interface (a frame's AtkWindow, a
// list's AtkSelection, an image's AtkImage), so that an object offers only the interfaces of what it is. Each asks
// its WFModel for everything, each time; it keeps only the strings it returned last (ATK returns them borrowed).

#include "CAccessibility.h"

#include <stdlib.h>
#include <string.h>

#include <atk/atk.h>

struct WFNode {
    AtkObject parent;
    const WFModel *model;
    uint64_t node;
    /// Set by wf_node_release: the model may be gone, so it is never asked again.
    gboolean defunct;
    /// The strings last returned by get_name, get_description and get_image_description.
    gchar *name;
    gchar *description;
};

typedef struct {
    AtkObjectClass parent_class;
} WFNodeClass;

typedef struct WFNode WFNodeObject;
typedef WFNodeClass WFNodeObjectClass;

static void wf_window_init(AtkWindowIface *iface) { (void)iface; }
static void wf_selection_init(AtkSelectionIface *iface);
static void wf_image_init(AtkImageIface *iface);

G_DEFINE_TYPE(WFNodeObject, wf_node_object, ATK_TYPE_OBJECT)

// The subclasses add nothing but their interface.
typedef struct WFNode WFFrameObject;
typedef WFNodeClass WFFrameObjectClass;
G_DEFINE_TYPE_WITH_CODE(
    WFFrameObject, wf_frame_object, wf_node_object_get_type(),
    G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, wf_window_init))
typedef struct WFNode WFListObject;
typedef WFNodeClass WFListObjectClass;
G_DEFINE_TYPE_WITH_CODE(
    WFListObject, wf_list_object, wf_node_object_get_type(),
    G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, wf_selection_init))
typedef struct WFNode WFImageObject;
typedef WFNodeClass WFImageObjectClass;
G_DEFINE_TYPE_WITH_CODE(
    WFImageObject, wf_image_object, wf_node_object_get_type(),
    G_IMPLEMENT_INTERFACE(ATK_TYPE_IMAGE, wf_image_init))

static void wf_frame_object_init(WFFrameObject *self) { (void)self; }
static void wf_frame_object_class_init(WFFrameObjectClass *klass) { (void)klass; }
static void wf_list_object_init(WFListObject *self) { (void)self; }
static void wf_list_object_class_init(WFListObjectClass *klass) { (void)klass; }
static void wf_image_object_init(WFImageObject *self) { (void)self; }
static void wf_image_object_class_init(WFImageObjectClass *klass) { (void)klass; }

/// The node behind an AtkObject of ours, or NULL for another's.
static WFNode *node_of(gpointer object) {
    return G_TYPE_CHECK_INSTANCE_TYPE(object, wf_node_object_get_type()) ? (WFNode *)object : NULL;
}

/// Whether the node's model may be asked.
static gboolean is_live(WFNode *self) { return self != NULL && !self->defunct && self->model != NULL; }

/// Keeps `copied` (a string of malloc, or NULL) as the node's `*slot`, freeing the one before; returns it.
static const gchar *keep(gchar **slot, char *copied) {
    g_free(*slot);
    *slot = copied ? g_strdup(copied) : NULL;
    free(copied);
    return *slot;
}

static const gchar *wf_node_get_name(AtkObject *object) {
    WFNode *self = node_of(object);
    if (!is_live(self)) return NULL;
    return keep(&self->name, self->model->copyName(self->model->context, self->node));
}

static const gchar *wf_node_get_description(AtkObject *object) {
    WFNode *self = node_of(object);
    if (!is_live(self)) return NULL;
    return keep(&self->description, self->model->copyDescription(self->model->context, self->node));
}

static gint wf_node_get_n_children(AtkObject *object) {
    WFNode *self = node_of(object);
    if (!is_live(self)) return 0;
    return self->model->childCount(self->model->context, self->node);
}

static AtkObject *wf_node_ref_child(AtkObject *object, gint index) {
    WFNode *self = node_of(object);
    if (!is_live(self) || index < 0) return NULL;
    WFNode *child = self->model->child(self->model->context, self->node, index);
    return child ? g_object_ref(ATK_OBJECT(child)) : NULL;
}

static gint wf_node_get_index_in_parent(AtkObject *object) {
    WFNode *self = node_of(object);
    if (!is_live(self)) return -1;
    return self->model->indexInParent(self->model->context, self->node);
}

/// The ATK states of `WFState` bits, in bit order.
static const AtkStateType atk_states[] = {
    ATK_STATE_FOCUSED,        ATK_STATE_SELECTED,       ATK_STATE_FOCUSABLE,
    ATK_STATE_SELECTABLE,     ATK_STATE_VISIBLE,        ATK_STATE_SHOWING,
    ATK_STATE_ENABLED,        ATK_STATE_ACTIVE,         ATK_STATE_MULTISELECTABLE,
    ATK_STATE_MANAGES_DESCENDANTS, ATK_STATE_TRANSIENT, ATK_STATE_RESIZABLE,
    ATK_STATE_DEFUNCT,
};
#define STATE_COUNT (sizeof atk_states / sizeof atk_states[0])

static AtkStateSet *wf_node_ref_state_set(AtkObject *object) {
    AtkStateSet *set = atk_state_set_new();
    WFNode *self = node_of(object);
    uint32_t bits = is_live(self) ? self->model->states(self->model->context, self->node) : WFStateDefunct;
    for (unsigned i = 0; i < STATE_COUNT; i++) {
        if (bits & (1u << i)) atk_state_set_add_state(set, atk_states[i]);
    }
    if (bits & WFStateEnabled) atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
    return set;
}

static AtkAttributeSet *wf_node_get_attributes(AtkObject *object) {
    WFNode *self = node_of(object);
    if (!is_live(self)) return NULL;
    char *text = self->model->copyAttributes(self->model->context, self->node);
    if (!text) return NULL;
    AtkAttributeSet *attributes = NULL;
    gchar **lines = g_strsplit(text, "\n", -1);
    for (gchar **line = lines; *line; line++) {
        const char *colon = strchr(*line, ':');
        if (!colon) continue;
        AtkAttribute *attribute = g_new(AtkAttribute, 1);
        attribute->name = g_strndup(*line, (gsize)(colon - *line));
        attribute->value = g_strdup(colon + 1);
        attributes = g_slist_append(attributes, attribute);
    }
    g_strfreev(lines);
    free(text);
    return attributes;
}

static void wf_node_object_init(WFNodeObject *self) { (void)self; }

static void wf_node_finalize(GObject *object) {
    WFNode *self = (WFNode *)object;
    g_free(self->name);
    g_free(self->description);
    G_OBJECT_CLASS(wf_node_object_parent_class)->finalize(object);
}

static void wf_node_object_class_init(WFNodeObjectClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = wf_node_get_name;
    atk->get_description = wf_node_get_description;
    atk->get_n_children = wf_node_get_n_children;
    atk->ref_child = wf_node_ref_child;
    atk->get_index_in_parent = wf_node_get_index_in_parent;
    atk->ref_state_set = wf_node_ref_state_set;
    atk->get_attributes = wf_node_get_attributes;
    G_OBJECT_CLASS(klass)->finalize = wf_node_finalize;
}

// MARK: AtkSelection: a list's selected children, found among its children (those in view).

/// The list's child at `index`, borrowed, when it is selected.
static WFNode *selected_child(WFNode *self, gint index) {
    WFNode *child = self->model->child(self->model->context, self->node, index);
    if (!child || !is_live(child)) return NULL;
    return (child->model->states(child->model->context, child->node) & WFStateSelected) ? child : NULL;
}

static gint wf_selection_count(AtkSelection *selection) {
    WFNode *self = node_of(selection);
    if (!is_live(self)) return 0;
    gint count = 0;
    gint children = self->model->childCount(self->model->context, self->node);
    for (gint i = 0; i < children; i++) count += selected_child(self, i) != NULL;
    return count;
}

static AtkObject *wf_selection_ref(AtkSelection *selection, gint wanted) {
    WFNode *self = node_of(selection);
    if (!is_live(self) || wanted < 0) return NULL;
    gint children = self->model->childCount(self->model->context, self->node);
    for (gint i = 0, seen = 0; i < children; i++) {
        WFNode *child = selected_child(self, i);
        if (child && seen++ == wanted) return g_object_ref(ATK_OBJECT(child));
    }
    return NULL;
}

static gboolean wf_selection_is_selected(AtkSelection *selection, gint index) {
    WFNode *self = node_of(selection);
    return is_live(self) && index >= 0 && selected_child(self, index) != NULL;
}

static gboolean wf_selection_add(AtkSelection *selection, gint index) {
    WFNode *self = node_of(selection);
    return is_live(self) && self->model->setChildSelected(self->model->context, self->node, index, true);
}

static gboolean wf_selection_remove(AtkSelection *selection, gint wanted) {
    // `wanted` counts the selected children, not all of them (atk_selection_remove_selection).
    WFNode *self = node_of(selection);
    if (!is_live(self) || wanted < 0) return FALSE;
    gint children = self->model->childCount(self->model->context, self->node);
    for (gint i = 0, seen = 0; i < children; i++) {
        if (selected_child(self, i) && seen++ == wanted) {
            return self->model->setChildSelected(self->model->context, self->node, i, false);
        }
    }
    return FALSE;
}

static gboolean wf_selection_clear(AtkSelection *selection) {
    WFNode *self = node_of(selection);
    return is_live(self) && self->model->selectAll(self->model->context, self->node, false);
}

static gboolean wf_selection_select_all(AtkSelection *selection) {
    WFNode *self = node_of(selection);
    return is_live(self) && self->model->selectAll(self->model->context, self->node, true);
}

static void wf_selection_init(AtkSelectionIface *iface) {
    iface->add_selection = wf_selection_add;
    iface->clear_selection = wf_selection_clear;
    iface->ref_selection = wf_selection_ref;
    iface->get_selection_count = wf_selection_count;
    iface->is_child_selected = wf_selection_is_selected;
    iface->remove_selection = wf_selection_remove;
    iface->select_all_selection = wf_selection_select_all;
}

// MARK: AtkImage: a picture's description and size.

static const gchar *wf_image_get_description(AtkImage *image) {
    WFNode *self = node_of(image);
    if (!is_live(self)) return NULL;
    return keep(&self->description, self->model->copyDescription(self->model->context, self->node));
}

static void wf_image_get_size(AtkImage *image, gint *width, gint *height) {
    WFNode *self = node_of(image);
    int32_t w = -1, h = -1;
    if (!is_live(self) || !self->model->imageSize(self->model->context, self->node, &w, &h)) w = h = -1;
    if (width) *width = w;
    if (height) *height = h;
}

static void wf_image_get_position(AtkImage *image, gint *x, gint *y, AtkCoordType type) {
    (void)image;
    (void)type;
    if (x) *x = -1;  // unknown: the window's place on the screen is the window manager's
    if (y) *y = -1;
}

static void wf_image_init(AtkImageIface *iface) {
    iface->get_image_description = wf_image_get_description;
    iface->get_image_size = wf_image_get_size;
    iface->get_image_position = wf_image_get_position;
}

// MARK: Making, releasing, notifying

static const AtkRole atk_roles[] = {
    [WFRoleApplication] = ATK_ROLE_APPLICATION, [WFRoleFrame] = ATK_ROLE_FRAME,
    [WFRoleList] = ATK_ROLE_LIST,               [WFRoleListItem] = ATK_ROLE_LIST_ITEM,
    [WFRoleHeading] = ATK_ROLE_HEADING,         [WFRoleStatusBar] = ATK_ROLE_STATUSBAR,
    [WFRoleImage] = ATK_ROLE_IMAGE,             [WFRoleLabel] = ATK_ROLE_LABEL,
};

WFNode *wf_node_new(const WFModel *model, uint64_t node, WFRole role, WFNode *parent) {
    GType type;
    switch (role) {
    case WFRoleFrame: type = wf_frame_object_get_type(); break;
    case WFRoleList: type = wf_list_object_get_type(); break;
    case WFRoleImage: type = wf_image_object_get_type(); break;
    default: type = wf_node_object_get_type(); break;
    }
    WFNode *self = g_object_new(type, NULL);
    self->model = model;
    self->node = node;
    AtkObject *object = ATK_OBJECT(self);
    object->role = atk_roles[role];
    object->layer = ATK_LAYER_WIDGET;
    if (parent) atk_object_set_parent(object, ATK_OBJECT(parent));
    return self;
}

void wf_node_release(WFNode *object) {
    if (!object) return;
    if (!object->defunct) {
        object->defunct = TRUE;
        atk_object_notify_state_change(ATK_OBJECT(object), ATK_STATE_DEFUNCT, TRUE);
    }
    object->model = NULL;
    g_object_unref(object);
}

void wf_node_notify_state(WFNode *object, uint32_t state, bool value) {
    for (unsigned i = 0; i < STATE_COUNT; i++) {
        if (state == (1u << i)) atk_object_notify_state_change(ATK_OBJECT(object), atk_states[i], value);
    }
}

void wf_node_notify_focus(WFNode *object) {
    atk_object_notify_state_change(ATK_OBJECT(object), ATK_STATE_FOCUSED, TRUE);
    // The trackers are deprecated in ATK, but atk-bridge still turns them into AT-SPI's `focus:` event, which
    // older screen readers listen to.
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    atk_focus_tracker_notify(ATK_OBJECT(object));
    G_GNUC_END_IGNORE_DEPRECATIONS
}

void wf_node_notify_children_changed(WFNode *parent, int32_t index, WFNode *child, bool added) {
    g_signal_emit_by_name(parent, added ? "children-changed::add" : "children-changed::remove", index, child);
}

void wf_node_notify_name(WFNode *object) { g_object_notify(G_OBJECT(object), "accessible-name"); }

void wf_node_notify_description(WFNode *object) { g_object_notify(G_OBJECT(object), "accessible-description"); }

void wf_node_notify_selection_changed(WFNode *list) { g_signal_emit_by_name(list, "selection-changed"); }

void wf_node_notify_active_descendant(WFNode *list, WFNode *child) {
    g_signal_emit_by_name(list, "active-descendant-changed", child);
}

void wf_node_notify_activated(WFNode *frame) { g_signal_emit_by_name(frame, "activate"); }
