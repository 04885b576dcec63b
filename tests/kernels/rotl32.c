#include <stdint.h>
/* Rotate left and right by a variable amount (0..31), combined. */
uint32_t rotl32(uint32_t x, uint32_t n) {
  n &= 31;
  uint32_t left = (x << n) | (x >> ((32 - n) & 31));
  uint32_t right = (x >> n) | (x << ((32 - n) & 31));
  return left ^ (right + 1);
}
