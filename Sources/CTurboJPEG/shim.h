#ifndef WATERFALL_CTURBOJPEG_SHIM_H
#define WATERFALL_CTURBOJPEG_SHIM_H

// libjpeg-turbo's TurboJPEG API: JPEG decoding that reports errors by return value (no setjmp reaches Swift), with
// DCT scaling to 1/8 ... 2 of the size.
#include <stddef.h>
#include <turbojpeg.h>

/// `TJSCALED(dimension, factor)`: a function-like macro, which Swift does not import.
static inline int waterfall_tj_scaled(int dimension, tjscalingfactor factor) {
    return TJSCALED(dimension, factor);
}

#endif
