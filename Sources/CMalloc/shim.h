#ifndef WATERFALL_CMALLOC_SHIM_H
#define WATERFALL_CMALLOC_SHIM_H

// glibc's malloc.h (mallopt; mallinfo2 for PictureMemoryTests), which Swift's Glibc module does not bring: how a
// program tunes its heap.
#include <malloc.h>

#endif
