#ifndef WATERFALL_CGIF_SHIM_H
#define WATERFALL_CGIF_SHIM_H

// giflib: GIF decoding record by record (DGifOpen with a read function, DGifGetRecordType, DGifGetImageDesc,
// DGifGetLine), so that only the first frame of an animation is read. giflib 5.2 ships no pkg-config file: the
// module map links `gif` itself.
#include <gif_lib.h>

#endif
