#include <stdint.h>
/* Marsaglia's xorshift32 PRNG: 16 outputs written to an array argument. */
void xorshift32(uint32_t seed, uint32_t out[16]) {
  uint32_t x = seed ? seed : 1u;
  for (int i = 0; i < 16; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    out[i] = x;
  }
}
