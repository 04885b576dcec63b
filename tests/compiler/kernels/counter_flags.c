/* A counted loop that selects on its counter (r == 5, r < 3) and a loop on data (y != 0). UNROLL off
 * keeps the counted loop rolled (passes/full_unroll.py would unroll it): its counter is the subject. */
#include <stdint.h>

uint32_t counter_flags(uint32_t x, uint32_t k) {
  uint32_t acc = x;
  for (int r = 0; r < 8; r++) {
#pragma HLS UNROLL off
    acc = ((acc << 3) | (acc >> 29)) ^ (r == 5 ? k : r < 3 ? ~k : 0u);
  }
  uint32_t y = acc;
  uint32_t steps = 0;
  while (y != 0) {
    y >>= 4;
    steps++;
  }
  return acc + steps;
}
