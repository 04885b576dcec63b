// A partition factor must be a positive integer.
// expect: 6:1: factor
#include <stdint.h>

uint32_t top(const uint32_t a[8]) {
#pragma HLS ARRAY_PARTITION variable=a cyclic factor=0
  uint32_t sum = 0;
  for (int i = 0; i < 8; i++) sum += a[i];
  return sum;
}
