// A compiler builtin without a hardware mapping.
// expect: 6:10: __builtin_readcyclecounter
#include <stdint.h>

uint64_t top(uint64_t x) {
  return __builtin_readcyclecounter() + x;
}
