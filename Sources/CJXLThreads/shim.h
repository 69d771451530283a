#ifndef WATERFALL_CJXLTHREADS_SHIM_H
#define WATERFALL_CJXLTHREADS_SHIM_H

// libjxl_threads 0.7 (Debian's libjxl-dev): the thread-parallel runner that libjxl's decoder splits a frame's groups
// over, on as many threads as the thumbnail pool's share of the cores.
#include <jxl/thread_parallel_runner.h>

#endif
