// Full unrolling needs a trip count known at compile time; n is a run-time input.
// expect: 8:1: trip count
#include <stdint.h>

uint32_t top(const uint32_t a[64], uint32_t n) {
  uint32_t sum = 0;
  for (uint32_t i = 0; i < n; i++) {
#pragma HLS UNROLL
    sum += a[i & 63];
  }
  return sum;
}
