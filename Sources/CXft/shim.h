#ifndef WATERFALL_CXFT_SHIM_H
#define WATERFALL_CXFT_SHIM_H

// Xft: antialiased text drawn through the X Render extension, with fonts found by fontconfig and rasterised by
// FreeType (whose types its API uses; CFontconfig and CFreetype are their own modules).
#include <X11/Xft/Xft.h>

#endif
