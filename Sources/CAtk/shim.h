#ifndef WATERFALL_CATK_SHIM_H
#define WATERFALL_CATK_SHIM_H

// ATK, the accessibility toolkit's objects, and atk-bridge, which speaks AT-SPI for them over D-Bus through GLib's
// main context; libdbus for the session bus's question whether an accessibility bus runs. Only the C target
// CAccessibility includes them: its own header is all that Swift sees.
#include <atk/atk.h>
#include <dbus/dbus.h>
#include <glib.h>

/// atk-bridge's start, as at-spi2-atk's atk-bridge.h declares it (its folder is not on the module's search path:
/// see Package.swift).
int atk_bridge_adaptor_init(int *argc, char **argv[]);

#endif
