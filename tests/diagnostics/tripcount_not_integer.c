// Issue 17: LOOP_TRIPCOUNT max=lots ended in a Python traceback; it is a located error.
// expect: 8:1: LOOP_TRIPCOUNT max must be an integer && lots
#include <stdint.h>

uint32_t top(const uint32_t a[8], uint32_t n) {
  uint32_t sum = 0;
  for (uint32_t i = 0; i < n; i++) {
#pragma HLS LOOP_TRIPCOUNT min=1 max=lots
    sum += a[i & 7];
  }
  return sum;
}
