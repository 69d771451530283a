#ifndef WATERFALL_CJXL_SHIM_H
#define WATERFALL_CJXL_SHIM_H

// libjxl 0.7: JPEG XL decoding, its basic info (size, orientation) from the first bytes, then the first frame as 8-bit
// RGBA. Single-threaded (no parallel runner): the thumbnail pool's threads are the parallelism.
#include <jxl/decode.h>

#endif
