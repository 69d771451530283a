#ifndef WATERFALL_CWEBP_SHIM_H
#define WATERFALL_CWEBP_SHIM_H

// libwebp: WebP decoding, lossy, lossless and extended; and its demux library, an animation's frames composed on its
// canvas. One module for both: demux.h includes decode.h, and a header in two modules is seen through only one.
#include <webp/decode.h>
#include <webp/demux.h>

/// `WebPInitDecoderConfig(config)`: an inline function over the library's ABI version, which Swift does not see.
static inline int waterfall_webp_init_config(WebPDecoderConfig *config) {
    return WebPInitDecoderConfig(config);
}

/// `WebPAnimDecoderOptionsInit(options)`: an inline function over the demux library's ABI version.
static inline int waterfall_webp_anim_decoder_options_init(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}

/// `WebPAnimDecoderNew(data, options)`: an inline function over the demux library's ABI version.
static inline WebPAnimDecoder *waterfall_webp_anim_decoder_new(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}

/// The demuxer of a whole WebP file (`WebPDemux`, a macro in C); NULL when libwebp cannot parse it.
static inline WebPDemuxer *waterfall_webp_demux(const WebPData *data) {
    return WebPDemux(data);
}

#endif
