#ifndef WATERFALL_CIMLIB2_SHIM_H
#define WATERFALL_CIMLIB2_SHIM_H

// Imlib2, nsxiv's image library: the thumbnail baseline (a full decode, then an anti-aliased scale). The benchmarks
// only: the program never links it.
#define X_DISPLAY_MISSING
#include <Imlib2.h>

#endif
