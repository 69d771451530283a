#ifndef WATERFALL_CXRENDER_SHIM_H
#define WATERFALL_CXRENDER_SHIM_H

// The X Render extension's client library, which Xft draws through. The backend calls it once per connection,
// to register it before Xft (see Display+Render.swift).
#include <X11/extensions/Xrender.h>

#endif
