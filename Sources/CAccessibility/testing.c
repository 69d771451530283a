// What the tests read back through ATK itself, as atk-bridge reads the objects, and the signals they emit, heard
// through the emission hooks atk-bridge uses (atk_add_global_event_listener) without a bus.

#include "CAccessibility.h"

#include <stdlib.h>
#include <string.h>

#include <atk/atk.h>

/// A copy in memory of malloc of `text`, or NULL.
static char *copy(const char *text) { return text ? strdup(text) : NULL; }

char *wf_node_copy_atk_name(WFNode *object) { return copy(atk_object_get_name(ATK_OBJECT(object))); }

char *wf_node_copy_atk_role_name(WFNode *object) {
    return copy(atk_role_get_name(atk_object_get_role(ATK_OBJECT(object))));
}

uint32_t wf_node_atk_states(WFNode *object) {
    static const AtkStateType states[] = {
        ATK_STATE_FOCUSED,        ATK_STATE_SELECTED,       ATK_STATE_FOCUSABLE,
        ATK_STATE_SELECTABLE,     ATK_STATE_VISIBLE,        ATK_STATE_SHOWING,
        ATK_STATE_ENABLED,        ATK_STATE_ACTIVE,         ATK_STATE_MULTISELECTABLE,
        ATK_STATE_MANAGES_DESCENDANTS, ATK_STATE_TRANSIENT, ATK_STATE_RESIZABLE,
        ATK_STATE_DEFUNCT,
    };
    AtkStateSet *set = atk_object_ref_state_set(ATK_OBJECT(object));
    uint32_t bits = 0;
    for (unsigned i = 0; i < sizeof states / sizeof states[0]; i++) {
        if (atk_state_set_contains_state(set, states[i])) bits |= 1u << i;
    }
    g_object_unref(set);
    return bits;
}

int32_t wf_node_atk_child_count(WFNode *object) { return atk_object_get_n_accessible_children(ATK_OBJECT(object)); }

WFNode *wf_node_atk_child(WFNode *object, int32_t index) {
    AtkObject *child = atk_object_ref_accessible_child(ATK_OBJECT(object), index);
    if (!child) return NULL;
    g_object_unref(child);  // the model keeps it
    return (WFNode *)child;
}

int32_t wf_node_atk_selection_count(WFNode *list) {
    return ATK_IS_SELECTION(list) ? atk_selection_get_selection_count(ATK_SELECTION(list)) : -1;
}

char *wf_node_copy_atk_image_description(WFNode *image) {
    return ATK_IS_IMAGE(image) ? copy(atk_image_get_image_description(ATK_IMAGE(image))) : NULL;
}

char *wf_node_copy_atk_attribute(WFNode *object, const char *name) {
    AtkAttributeSet *attributes = atk_object_get_attributes(ATK_OBJECT(object));
    char *value = NULL;
    for (GSList *item = attributes; item; item = item->next) {
        AtkAttribute *attribute = item->data;
        if (strcmp(attribute->name, name) == 0) value = copy(attribute->value);
    }
    atk_attribute_set_free(attributes);
    return value;
}

/// The signals heard, one a line.
static GString *heard;

/// `object`'s name for the log, or "?".
static const char *name_of(gpointer object) {
    const char *name = ATK_IS_OBJECT(object) ? atk_object_get_name(ATK_OBJECT(object)) : NULL;
    return name ? name : "?";
}

static gboolean hear(GSignalInvocationHint *hint, guint count, const GValue *values, gpointer data) {
    (void)data;
    GSignalQuery query;
    g_signal_query(hint->signal_id, &query);
    const char *detail = hint->detail ? g_quark_to_string(hint->detail) : "";
    gpointer source = g_value_get_object(&values[0]);
    if (strcmp(query.signal_name, "state-change") == 0 && count >= 3) {
        g_string_append_printf(
            heard, "state-change %s %d %s\n", g_value_get_string(&values[1]), g_value_get_boolean(&values[2]),
            name_of(source));
    } else if (strcmp(query.signal_name, "active-descendant-changed") == 0 && count >= 2) {
        g_string_append_printf(heard, "active-descendant-changed %s\n", name_of(g_value_get_pointer(&values[1])));
    } else if (strcmp(query.signal_name, "children-changed") == 0 && count >= 3) {
        g_string_append_printf(
            heard, "children-changed %s %u %s\n", detail, g_value_get_uint(&values[1]),
            name_of(g_value_get_pointer(&values[2])));
    } else {
        g_string_append_printf(heard, "%s %s\n", query.signal_name, name_of(source));
    }
    return TRUE;
}

static void hear_focus(AtkObject *object) { g_string_append_printf(heard, "focus %s\n", name_of(object)); }

void wf_test_listen(void) {
    if (heard) return;
    heard = g_string_new(NULL);
    // As atk-bridge listens (event.c), through AtkUtil's generic listener.
    atk_add_global_event_listener(hear, "Gtk:AtkObject:state-change");
    atk_add_global_event_listener(hear, "Gtk:AtkObject:children-changed");
    atk_add_global_event_listener(hear, "Gtk:AtkObject:active-descendant-changed");
    atk_add_global_event_listener(hear, "Gtk:AtkSelection:selection-changed");
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    atk_add_focus_tracker(hear_focus);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

char *wf_test_take_heard(void) {
    if (!heard) return strdup("");
    char *text = strdup(heard->str);
    g_string_truncate(heard, 0);
    return text;
}
