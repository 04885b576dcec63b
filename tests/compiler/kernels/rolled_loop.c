#include <stdint.h>
/* a rolled loop with a data-dependent trip count */
uint32_t rolled_loop(uint32_t n, uint32_t seed) {
  uint32_t acc = seed;
  for (uint32_t i = 0; i < n; i++) {
#pragma HLS LOOP_TRIPCOUNT min=1 max=32
    acc = (acc << 1 | acc >> 31) + i;
  }
  return acc;
}
