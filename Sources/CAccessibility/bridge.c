// Starting atk-bridge, only where an accessibility bus is, and GLib's default main context in the window's loop.
//
// atk-bridge, started, finds the accessibility bus as libatspi does (atspi_get_a11y_bus): AT_SPI_BUS_ADDRESS, the
// X root window's AT_SPI_BUS (over a connection of its own), then org.a11y.Bus's GetAddress on the session bus, in
// calls that block; and libdbus, without a session bus address, autolaunches a session bus (dbus-launch). So the
// bridge is started only once a bus is known to be there: AT_SPI_BUS_ADDRESS names one, or the session bus (found
// where libdbus finds it, without autolaunching) says on another thread that the launcher org.a11y.Bus runs. With no
// bus nothing is started, and nothing waits: no accessibility costs the program nothing at start.

#include "CAccessibility.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atk/atk.h>
#include <dbus/dbus.h>
#include <glib.h>

/// atk-bridge's start (at-spi2-atk's atk-bridge.h; its folder is not on the search path, see Package.swift).
int atk_bridge_adaptor_init(int *argc, char **argv[]);

bool wf_accessibility_disabled_by_environment(void) {
    // As atk-bridge's check_envvar reads it.
    const char *value = getenv("NO_AT_BRIDGE");
    return value && atoi(value) == 1;
}

/// The session bus's address as libdbus finds it (DBUS_SESSION_BUS_ADDRESS, else $XDG_RUNTIME_DIR/bus when it is a
/// socket), without its last resort, autolaunch, which starts a bus; NULL when there is none. In memory of glib.
static gchar *session_bus_address(void) {
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) {
        return strstr(address, "autolaunch:") ? NULL : g_strdup(address);
    }
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (!runtime || !*runtime) return NULL;
    gchar *path = g_build_filename(runtime, "bus", NULL);
    struct stat status;
    gboolean isSocket = stat(path, &status) == 0 && S_ISSOCK(status.st_mode) && status.st_uid == getuid();
    gchar *found = NULL;
    if (isSocket) {
        gchar *escaped = dbus_address_escape_value(path);
        found = g_strconcat("unix:path=", escaped, NULL);
        dbus_free(escaped);
    }
    g_free(path);
    return found;
}

WFBusHint wf_accessibility_bus_hint(void) {
    const char *address = getenv("AT_SPI_BUS_ADDRESS");
    if (address && *address) return WFBusHintAddress;
    gchar *session = session_bus_address();
    WFBusHint hint = session ? WFBusHintSessionBus : WFBusHintNone;
    g_free(session);
    return hint;
}

/// A question to the session bus and where its answer goes.
typedef struct {
    void (*done)(void *context, bool found);
    void *context;
    /// The session bus's address, read on the loop thread (the environment is not read beside it).
    gchar *address;
    gboolean found;
} Probe;

/// Whether org.a11y.Bus has an owner on the session bus at `address` (NameHasOwner, which starts nothing), asked
/// over a private connection closed after.
static gboolean launcher_runs(const char *address) {
    if (!address) return FALSE;
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_connection_open_private(address, &error);
    gboolean found = FALSE;
    if (bus && dbus_bus_register(bus, &error)) {
        found = dbus_bus_name_has_owner(bus, "org.a11y.Bus", &error);
    }
    dbus_error_free(&error);
    if (bus) {
        dbus_connection_close(bus);
        dbus_connection_unref(bus);
    }
    return found;
}

/// On the loop thread: hands the answer over.
static gboolean probe_answered(gpointer data) {
    Probe *probe = data;
    probe->done(probe->context, probe->found);
    g_free(probe->address);
    g_free(probe);
    return G_SOURCE_REMOVE;
}

static gpointer probe_thread(gpointer data) {
    Probe *probe = data;
    probe->found = launcher_runs(probe->address);
    g_idle_add(probe_answered, probe);  // wakes the default main context
    return NULL;
}

void wf_probe_session_bus(void (*done)(void *context, bool found), void *context) {
    Probe *probe = g_new0(Probe, 1);
    probe->done = done;
    probe->context = context;
    probe->address = session_bus_address();
    g_thread_unref(g_thread_new("waterfall-a11y-probe", probe_thread, probe));
}

/// The application's root and its toolkit, for AtkUtil.
static AtkObject *root_object;
static gchar *toolkit_name;
static gchar *toolkit_version;

static AtkObject *get_root(void) { return root_object; }
static const gchar *get_toolkit_name(void) { return toolkit_name; }
static const gchar *get_toolkit_version(void) { return toolkit_version; }

bool wf_accessibility_start_bridge(WFNode *root, const char *toolkitName, const char *toolkitVersion) {
    if (root_object) return false;  // once per process: atk-bridge keeps its first root
    root_object = g_object_ref(ATK_OBJECT(root));
    toolkit_name = g_strdup(toolkitName);
    toolkit_version = g_strdup(toolkitVersion);
    // As at-spi2-atk's own test application and Clutter's Cally set up a toolkit without GTK: AtkUtil's root and
    // names; its generic global event listeners (signal emission hooks) serve the bridge's events.
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = get_root;
    util->get_toolkit_name = get_toolkit_name;
    util->get_toolkit_version = get_toolkit_version;
    g_type_class_unref(util);
    return atk_bridge_adaptor_init(NULL, NULL) == 0;
}

// MARK: GLib's default main context, one iteration split around the loop's own poll (as g_main_context_iterate does).

/// The descriptors of the last prepare, and its highest priority.
static GPollFD *descriptors;
static gint descriptor_capacity;
static gint descriptor_count;
static gint max_priority;

bool wf_main_context_acquire(void) { return g_main_context_acquire(g_main_context_default()); }

void wf_main_context_release(void) { g_main_context_release(g_main_context_default()); }

int32_t wf_main_context_prepare(int32_t *timeout) {
    // The default context by name: these calls, unlike g_main_context_acquire, take no NULL for it.
    GMainContext *context = g_main_context_default();
    g_main_context_prepare(context, &max_priority);
    gint wait = -1;
    while ((descriptor_count = g_main_context_query(context, max_priority, &wait, descriptors, descriptor_capacity)) >
           descriptor_capacity) {
        descriptor_capacity = descriptor_count;
        descriptors = g_renew(GPollFD, descriptors, descriptor_capacity);
    }
    *timeout = wait;
    return descriptor_count;
}

void wf_main_context_descriptor(int32_t index, int32_t *fd, int16_t *events) {
    *fd = descriptors[index].fd;
    *events = (int16_t)descriptors[index].events;
}

void wf_main_context_set_returned_events(int32_t index, int16_t revents) {
    descriptors[index].revents = (gushort)revents;
}

void wf_main_context_dispatch(void) {
    GMainContext *context = g_main_context_default();
    if (g_main_context_check(context, max_priority, descriptors, descriptor_count)) g_main_context_dispatch(context);
}
