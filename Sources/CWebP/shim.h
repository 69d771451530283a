#ifndef WATERFALL_CWEBP_SHIM_H
#define WATERFALL_CWEBP_SHIM_H

// libwebp: WebP decoding, lossy, lossless and extended.
#include <webp/decode.h>

/// `WebPInitDecoderConfig(config)`: an inline function over the library's ABI version, which Swift does not see.
static inline int waterfall_webp_init_config(WebPDecoderConfig *config) {
    return WebPInitDecoderConfig(config);
}

#endif
