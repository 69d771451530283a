#ifndef WATERFALL_CSPNG_SHIM_H
#define WATERFALL_CSPNG_SHIM_H

// libspng: PNG decoding with image and chunk limits, errors by return value.
#include <spng.h>

#endif
