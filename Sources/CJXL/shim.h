#ifndef WATERFALL_CJXL_SHIM_H
#define WATERFALL_CJXL_SHIM_H

// libjxl 0.7: JPEG XL decoding, its basic info (size, orientation) from the first bytes, then the first frame as 8-bit
// RGBA, its groups split over libjxl_threads' runner (CJXLThreads).
#include <jxl/decode.h>

#endif
