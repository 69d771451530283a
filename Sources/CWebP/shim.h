#ifndef WATERFALL_CWEBP_SHIM_H
#define WATERFALL_CWEBP_SHIM_H

// libwebp: WebP decoding, lossy, lossless and extended.
#include <webp/decode.h>

#endif
