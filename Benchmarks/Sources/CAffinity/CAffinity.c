// Header-only: see include/CAffinity.h.
#include "CAffinity.h"
