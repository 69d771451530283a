#ifndef WATERFALL_CFONTCONFIG_SHIM_H
#define WATERFALL_CFONTCONFIG_SHIM_H

// fontconfig: font patterns, matching and character sets.
#include <fontconfig/fontconfig.h>

#endif
