#ifndef WATERFALL_CFREETYPE_SHIM_H
#define WATERFALL_CFREETYPE_SHIM_H

// FreeType: a font's metrics at a size, read without a display (the layout needs the line height of the font the
// window will draw with).
#include <ft2build.h>
#include FT_FREETYPE_H

#endif
