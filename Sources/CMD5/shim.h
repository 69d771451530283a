#ifndef WATERFALL_CMD5_SHIM_H
#define WATERFALL_CMD5_SHIM_H

// libmd: MD5, for the freedesktop.org thumbnail cache's file names (the MD5 of a file's URI).
#include <stddef.h>
#include <stdint.h>
#include <md5.h>

#endif
