#ifndef WATERFALL_CRAW_SHIM_H
#define WATERFALL_CRAW_SHIM_H

// libraw 0.20 (Debian's libraw-dev), its thread-safe build (libraw_r): camera RAW files (DNG, CR2/CR3, NEF, ARW, ORF,
// RW2, RAF...) opened from a file or from memory for their size, orientation and embedded preview, through its C API
// (libraw_init, libraw_open_file / libraw_open_buffer, libraw_unpack_thumb). libraw.h includes only C headers when
// compiled as C.
#include <libraw/libraw.h>

#endif
