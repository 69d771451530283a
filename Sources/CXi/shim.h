#ifndef WATERFALL_CXI_SHIM_H
#define WATERFALL_CXI_SHIM_H

// XInput 2 (libXi): smooth scrolling through scroll valuators (XI 2.1+), device events with the
// XIPointerEmulated flag, device and hierarchy changes. XInput.h adds XListInputDevices, whose device
// type atoms ("TOUCHPAD", "MOUSE") XI2's XIQueryDevice does not report.
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XInput.h>

/// `XISetMask(mask, event)`: a function-like macro, which Swift does not import.
static inline void waterfall_xi_set_mask(unsigned char *mask, int event) {
    XISetMask(mask, event);
}

/// `XIMaskIsSet(mask, bit)`: a function-like macro, which Swift does not import.
static inline int waterfall_xi_mask_is_set(const unsigned char *mask, int bit) {
    return XIMaskIsSet(mask, bit) != 0;
}

/// The bytes of an event mask that holds every XI2 event type: `XIMaskLen(XI_LASTEVENT)`.
static inline int waterfall_xi_event_mask_length(void) {
    return XIMaskLen(XI_LASTEVENT);
}

#endif
