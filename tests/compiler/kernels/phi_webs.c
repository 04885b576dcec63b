#include <stdint.h>
/* one variable through several merges, with an inner loop so that the merges stay branches (its
 * phis can share a register), and a swap (two phis of one block, which cannot) */
uint32_t phi_webs(uint32_t a, uint32_t b, uint32_t n) {
  uint32_t p = 0, q = 1;
  for (uint32_t i = 0; i < n; i++) {
#pragma HLS LOOP_TRIPCOUNT min=0 max=32
    if ((a >> (i & 31)) & 1) {
      for (uint32_t j = 0; j <= (b & 3); j++) {
#pragma HLS LOOP_TRIPCOUNT min=1 max=4
        p = p * 3 + b;
      }
    }
    if (i & 1) {
      uint32_t t = p;
      p = q;
      q = t;
    }
  }
  return p ^ (q << 1);
}
