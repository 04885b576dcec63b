#include <stdint.h>
/* Bit reversal of a 32-bit word, one bit per loop iteration. */
uint32_t bitrev(uint32_t x) {
  uint32_t y = 0;
  for (int i = 0; i < 32; i++) {
    y = (y << 1) | (x & 1u);
    x >>= 1;
  }
  return y;
}
