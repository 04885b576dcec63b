/* GF(2^8) multiplies by constants written as reference code writes them (a shift-and-add loop on b):
 * after inlining every loop has a constant trip count, and full-unroll makes them logic. */
#include <stdint.h>

static uint8_t gmul(uint8_t a, uint8_t b) {
  uint8_t p = 0;
  while (b) {
    if (b & 1) p ^= a;
    a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    b >>= 1;
  }
  return p;
}

uint8_t gf_mul_const(uint8_t a0, uint8_t a1, uint8_t a2, uint8_t a3) {
  return gmul(a0, 0x0e) ^ gmul(a1, 0x0b) ^ gmul(a2, 0x0d) ^ gmul(a3, 0x09);
}
