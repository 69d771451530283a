#ifndef WATERFALL_CTIFF_SHIM_H
#define WATERFALL_CTIFF_SHIM_H

// libtiff: TIFF decoding (the first page, through its RGBA interface), from memory.
#include <stdio.h>
#include <string.h>
#include <tiffio.h>

/// A file's bytes in memory, read by libtiff through the callbacks below, and the first error libtiff reported on it.
typedef struct {
    const unsigned char *bytes;
    toff_t size;
    toff_t offset;
    /// The first error's text ("" when there was none): libtiff's errors are formatted with a va_list, which Swift
    /// cannot take, so they are kept here instead of being printed on stderr.
    char error[256];
} waterfall_tiff_source;

static tmsize_t waterfall_tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    waterfall_tiff_source *source = handle;
    if (count < 0 || source->offset >= source->size) return 0;
    toff_t available = source->size - source->offset;
    toff_t length = (toff_t)count < available ? (toff_t)count : available;
    memcpy(buffer, source->bytes + source->offset, length);
    source->offset += length;
    return (tmsize_t)length;
}

static tmsize_t waterfall_tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle; (void)buffer; (void)count;
    return -1;  // read only
}

static toff_t waterfall_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    waterfall_tiff_source *source = handle;
    if (whence == SEEK_SET) {
        source->offset = offset;  // past the end reads nothing, as a file does
        return offset;
    }
    if (whence != SEEK_CUR && whence != SEEK_END) return (toff_t)-1;
    // Relative seeks may go back: the offset is a signed distance in an unsigned type.
    int64_t base = (int64_t)(whence == SEEK_CUR ? source->offset : source->size);
    int64_t position;
    if (__builtin_add_overflow(base, (int64_t)offset, &position) || position < 0) return (toff_t)-1;
    source->offset = (toff_t)position;
    return (toff_t)position;
}

static int waterfall_tiff_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t waterfall_tiff_size(thandle_t handle) {
    return ((waterfall_tiff_source *)handle)->size;
}

/// The bytes as libtiff's "mapped file", so that it reads strips and tiles in place instead of copying them.
static int waterfall_tiff_map(thandle_t handle, void **base, toff_t *size) {
    waterfall_tiff_source *source = handle;
    *base = (void *)source->bytes;
    *size = source->size;
    return 1;
}

static void waterfall_tiff_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle; (void)base; (void)size;
}

static int waterfall_tiff_on_error(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff; (void)module;
    waterfall_tiff_source *source = user_data;
    if (source->error[0] == 0) vsnprintf(source->error, sizeof source->error, format, arguments);
    return 1;  // handled: nothing on stderr
}

static int waterfall_tiff_on_warning(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff; (void)user_data; (void)module; (void)format; (void)arguments;
    return 1;  // ignored: nothing on stderr
}

/// Opens `source`'s bytes for reading (`TIFFClientOpenExt`), with its errors kept in `source->error` and its warnings
/// dropped, and no single allocation of libtiff's above `max_single_allocation` bytes. NULL when the bytes are no TIFF
/// libtiff reads (the reason in `source->error`).
static inline TIFF *waterfall_tiff_open(waterfall_tiff_source *source, tmsize_t max_single_allocation) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, waterfall_tiff_on_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, waterfall_tiff_on_warning, source);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_single_allocation);
    TIFF *tiff = TIFFClientOpenExt("memory", "r", source, waterfall_tiff_read, waterfall_tiff_write,
                                   waterfall_tiff_seek, waterfall_tiff_close, waterfall_tiff_size,
                                   waterfall_tiff_map, waterfall_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

/// The value of a tag whose value is one uint16_t (Orientation, Photometric), or its default (`TIFFGetFieldDefaulted`,
/// variadic in C); `fallback` when it has none.
static inline uint16_t waterfall_tiff_uint16_field(TIFF *tiff, uint32_t tag, uint16_t fallback) {
    uint16_t value = fallback;
    return TIFFGetFieldDefaulted(tiff, tag, &value) == 1 ? value : fallback;
}

/// The value of a tag whose value is one uint32_t (ImageWidth, ImageLength); 0 when it has none.
static inline uint32_t waterfall_tiff_uint32_field(TIFF *tiff, uint32_t tag) {
    uint32_t value = 0;
    return TIFFGetField(tiff, tag, &value) == 1 ? value : 0;
}

/// The page's ICC profile (TIFFTAG_ICCPROFILE, variadic in C): its bytes, owned by libtiff, and their count in
/// `count`; NULL when it has none.
static inline const void *waterfall_tiff_icc_profile(TIFF *tiff, uint32_t *count) {
    void *data = NULL;
    *count = 0;
    return TIFFGetField(tiff, TIFFTAG_ICCPROFILE, count, &data) == 1 ? data : NULL;
}

#endif
