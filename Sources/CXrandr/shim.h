#ifndef WATERFALL_CXRANDR_SHIM_H
#define WATERFALL_CXRANDR_SHIM_H

// RandR (libXrandr): the monitors of a screen, as RandR 1.5's XRRGetMonitors lists them (one per output, or as
// `xrandr --setmonitor` defines them), for fullscreen on one monitor and a new window on the pointer's.
#include <X11/extensions/Xrandr.h>

#endif
