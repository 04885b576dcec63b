#include <stdint.h>
/* 64-bit logical and arithmetic shifts by a variable amount. */
uint64_t shifts64(uint64_t x, int64_t s, uint32_t n) {
  n &= 63;
  return (x << n) ^ (x >> (63 - n)) ^ (uint64_t)(s >> n);
}
