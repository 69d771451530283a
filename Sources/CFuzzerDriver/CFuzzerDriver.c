// The declaration of libFuzzer's driver is all this module is (include/CFuzzerDriver.h); SwiftPM needs a source.
#include "CFuzzerDriver.h"
