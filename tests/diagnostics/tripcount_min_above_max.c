// A trip count range whose minimum exceeds its maximum is refused.
// expect: 8:1: min=9 is larger than max=4
#include <stdint.h>

uint32_t top(const uint32_t a[8], uint32_t n) {
  uint32_t sum = 0;
  for (uint32_t i = 0; i < n; i++) {
#pragma HLS LOOP_TRIPCOUNT min=9 max=4
    sum += a[i & 7];
  }
  return sum;
}
