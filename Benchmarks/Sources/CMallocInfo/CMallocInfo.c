// Header-only: see include/CMallocInfo.h.
#include "CMallocInfo.h"
