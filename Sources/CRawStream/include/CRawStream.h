#ifndef C_RAW_STREAM_H
#define C_RAW_STREAM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A libraw input (a file or bytes) that leaves no byte it could not read as it was: libraw 0.20 reads a preview up
/// to 16 KB past the end of its input (THUMB_READ_BEYOND) into memory it mallocs and does not clear, so a RAW cut in
/// its preview would show whatever the heap held there (often the rest of the same JPEG, freed a moment before).
/// This input writes zeros where a read comes up short, as a read of a file does: a cut preview JPEG then ends
/// without its end marker, and is named truncated by its decoder.
typedef struct waterfall_raw_stream waterfall_raw_stream;

/// Opens the RAW file at `path` in `libraw` (a `libraw_data_t *` from `libraw_init`) through such an input, as
/// `libraw_open_file` does (a stream, or for a file over 250 MB, stdio). Returns libraw's status; `*stream` is the
/// input, which the caller frees with `waterfall_raw_stream_free` after `libraw_close` (libraw does not own it).
int waterfall_raw_open_file(void *libraw, const char *path, waterfall_raw_stream **stream);

/// Opens the `count` bytes at `bytes` (which outlive the input) in `libraw` through such an input, as
/// `libraw_open_buffer` does. Returns and hands back as `waterfall_raw_open_file` does.
int waterfall_raw_open_buffer(void *libraw, const void *bytes, size_t count, waterfall_raw_stream **stream);

/// Frees an input; `NULL` is nothing.
void waterfall_raw_stream_free(waterfall_raw_stream *stream);

#ifdef __cplusplus
}
#endif

#endif
