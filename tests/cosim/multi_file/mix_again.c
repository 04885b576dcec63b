/* A second external definition of mix(): the files do not link. */
#include "mix.h"

uint32_t mix(uint32_t x) { return x; }
