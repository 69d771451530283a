#ifndef WATERFALL_CX11_SHIM_H
#define WATERFALL_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/Xdbe.h>

#endif
