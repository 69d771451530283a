#ifndef WATERFALL_CX11_SHIM_H
#define WATERFALL_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/cursorfont.h>
#include <X11/extensions/Xdbe.h>
#include <X11/extensions/XShm.h>

/// `pipe2(2)`, for the event loop's wake pipe. glibc declares it only under `_GNU_SOURCE`, which Swift's Glibc
/// module is not built with, so the declaration is local to this wrapper and Swift sees only the wrapper.
static inline int waterfall_pipe2(int descriptors[2], int flags) {
    extern int pipe2(int descriptors[2], int flags);
    return pipe2(descriptors, flags);
}

/// `XCreateIC` (variadic) for a window that shows no preedit or status of its own (`XIMPreeditNothing |
/// XIMStatusNothing`: the input method composes out of sight, or in its own window as ibus and fcitx do), with
/// `window` as both client and focus window. NULL when the input method refuses.
static inline XIC waterfall_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, (long)(XIMPreeditNothing | XIMStatusNothing),
                     XNClientWindow, window, XNFocusWindow, window, (char *)NULL);
}

/// The events the input context needs selected on its focus window to filter them (`XGetICValues` of
/// `XNFilterEvents`, variadic); 0 when it does not say.
static inline long waterfall_ic_filter_events(XIC ic) {
    unsigned long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, (char *)NULL) != NULL) return 0;
    return (long)mask;
}

/// Whether the input method offers the style `waterfall_create_ic` asks for (`XGetIMValues` of
/// `XNQueryInputStyle`, variadic).
static inline int waterfall_im_supports_nothing_style(XIM im) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, (char *)NULL) != NULL || styles == NULL) return 0;
    int found = 0;
    for (unsigned short i = 0; i < styles->count_styles; i++) {
        if (styles->supported_styles[i] == (XIMPreeditNothing | XIMStatusNothing)) found = 1;
    }
    XFree(styles);
    return found;
}

#endif
