#ifndef WATERFALL_CAFFINITY_H
#define WATERFALL_CAFFINITY_H

#define _GNU_SOURCE
#include <sched.h>

/// Holds the calling thread, and the threads and processes it starts from then on, to the first `count` cores
/// (`sched_setaffinity(2)`, whose CPU_SET macros Swift cannot call). Returns 0, or -1 with errno set.
static inline int waterfall_hold_to_cores(int count) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int core = 0; core < count && core < CPU_SETSIZE; core++) CPU_SET(core, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

#endif
