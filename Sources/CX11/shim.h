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

#endif
