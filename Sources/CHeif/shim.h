#ifndef WATERFALL_CHEIF_SHIM_H
#define WATERFALL_CHEIF_SHIM_H

// libheif 1.15 (Debian's libheif-dev): HEIF/HEIC and AVIF containers, decoded through its plugins (libde265 for
// HEVC, dav1d or aom for AV1). The header is parsed from memory without copying
// (heif_context_read_from_memory_without_copy); the primary image or one of its stored thumbnails is decoded to
// interleaved RGBA.
#include <libheif/heif.h>

#endif
