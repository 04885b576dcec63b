#include <stdint.h>
/* Population count with a loop over the bits. */
uint32_t popcount32(uint32_t x) {
  uint32_t count = 0;
  for (int i = 0; i < 32; i++) {
    count += x & 1u;
    x >>= 1;
  }
  return count;
}
