#ifndef WATERFALL_CSPNGFLOOR_SHIM_H
#define WATERFALL_CSPNGFLOOR_SHIM_H

// libspng for the PNG floor: its decode alone, row by row, with nothing done to the rows (the benchmarks only).
#include <spng.h>

#endif
