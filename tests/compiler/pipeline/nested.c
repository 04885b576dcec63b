#include <stdint.h>
/* Loops inside a PIPELINEd loop without UNROLL pragmas, one of them in a helper: Vitis unrolls them
 * all (pipelining a loop unrolls the loops nested in it), so the body is one block and II=1 holds. */
static uint32_t popcount8(uint32_t x) {
  uint32_t c = 0;
  for (int b = 0; b < 8; b++) c += (x >> b) & 1;
  return c;
}

void nested(const uint32_t a[16], uint32_t y[16]) {
  for (int i = 0; i < 16; i++) {
#pragma HLS PIPELINE II=1
    uint32_t x = a[i], s = 0;
    for (int j = 0; j < 4; j++) s ^= x >> (8 * j);
    y[i] = (s & 0xff) + popcount8(x);
  }
}
