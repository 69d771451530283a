#ifndef WATERFALL_CFFMPEG_SHIM_H
#define WATERFALL_CFFMPEG_SHIM_H

// FFmpeg 5.1 (Debian 12's libavformat, libavcodec, libavutil, libswscale), in one module: libavformat's headers include
// libavcodec's, and a header seen through two modules breaks release builds. A video's poster frame: the container
// opened through a custom AVIOContext, one frame decoded after a seek, scaled to RGBA with libswscale.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

// The error codes and constants whose macros do not import into Swift (they expand through function-like macros).
static inline int waterfall_averror_eof(void) { return AVERROR_EOF; }
static inline int waterfall_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int waterfall_averror_exit(void) { return AVERROR_EXIT; }
static inline int waterfall_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int waterfall_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int64_t waterfall_av_nopts_value(void) { return AV_NOPTS_VALUE; }

#endif
