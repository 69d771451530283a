#ifndef WATERFALL_CLCMS2_SHIM_H
#define WATERFALL_CLCMS2_SHIM_H

// lcms2 (Little CMS): converting a photo's colours from its embedded ICC profile to the display's.
#include <lcms2.h>

/// Drops lcms2's error messages (a broken profile is reported by the NULL it gives, and the photo shows unconverted).
static void waterfall_lcms2_quiet(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context; (void)code; (void)text;
}

/// A context of lcms2's own, whose errors are dropped instead of printed: one per decoder thread.
static inline cmsContext waterfall_lcms2_context(void) {
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context != NULL) cmsSetLogErrorHandlerTHR(context, waterfall_lcms2_quiet);
    return context;
}

/// The pixel layout of a thumbnail's `0x00RRGGBB` words in memory on a little-endian machine: B, G, R, then a pad
/// byte, left as it is.
static const cmsUInt32Number waterfall_lcms2_thumbnail_format = TYPE_BGRA_8;

#endif
