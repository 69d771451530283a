#ifndef WATERFALL_CSPNG_SHIM_H
#define WATERFALL_CSPNG_SHIM_H

// libspng: PNG decoding with image and chunk limits, errors by return value; and encoding, with text chunks.
#include <spng.h>
#include <string.h>

// Fills a tEXt chunk's keyword (a fixed char array, which Swift sees as a tuple) and points it at `text`.
static inline void waterfall_spng_set_text(struct spng_text *chunk, const char *keyword, char *text, size_t length) {
    memset(chunk, 0, sizeof *chunk);
    strncpy(chunk->keyword, keyword, sizeof chunk->keyword - 1);
    chunk->type = SPNG_TEXT;
    chunk->text = text;
    chunk->length = length;
}

#endif
