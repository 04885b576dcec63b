#include <stdint.h>
/* 64-bit multiply, unsigned and signed division and remainder */
uint64_t arith64(uint64_t a, uint64_t b, int32_t c, int32_t d) {
  uint64_t p = a * b;
  uint64_t q = a / (b | 1);
  uint64_t r = a % 1000003u;
  int32_t sq = c / (d == 0 ? 1 : d);
  int32_t sr = c % 7;
  return p ^ (q << 1) ^ (r << 3) ^ (uint64_t)(int64_t)sq ^ ((uint64_t)(uint32_t)sr << 40);
}
