// glibc's heap statistics (mallinfo2, malloc_usable_size), which Swift's Glibc module does not export.
#include <malloc.h>
