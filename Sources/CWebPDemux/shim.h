#ifndef WATERFALL_CWEBPDEMUX_SHIM_H
#define WATERFALL_CWEBPDEMUX_SHIM_H

// libwebpdemux: an animated WebP's frames, composed on its canvas (blending and disposal).
#include <webp/demux.h>

/// `WebPAnimDecoderOptionsInit(options)`: an inline function over the library's ABI version, which Swift does not see.
static inline int waterfall_webp_anim_decoder_options_init(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}

/// `WebPAnimDecoderNew(data, options)`: an inline function over the library's ABI version.
static inline WebPAnimDecoder *waterfall_webp_anim_decoder_new(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}

#endif
