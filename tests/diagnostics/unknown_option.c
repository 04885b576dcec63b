// An unknown option of a known directive is an error, with a suggestion.
// expect: 6:1: unknown option && factr && factor
#include <stdint.h>

uint32_t top(const uint32_t a[8]) {
#pragma HLS ARRAY_PARTITION variable=a cyclic factr=2
  uint32_t sum = 0;
  for (int i = 0; i < 8; i++) sum += a[i];
  return sum;
}
