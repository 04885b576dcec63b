#include <stdint.h>
/* count leading/trailing zeros, saturating adds, a rotate by a run-time amount */
uint32_t bits(uint32_t x, uint8_t a, uint8_t b, int8_t c, int8_t d, uint32_t r) {
  uint32_t lz = (uint32_t)__builtin_clz(x | 1u);
  uint32_t tz = (uint32_t)__builtin_ctz(x | 0x80000000u);
  uint8_t sum = (uint8_t)(a + b);
  uint8_t us = sum < a ? 255 : sum;
  int s = c + d;
  int8_t ss = s > 127 ? 127 : s < -128 ? -128 : (int8_t)s;
  uint32_t rot = (x << (r & 31)) | (x >> ((32 - r) & 31));
  return (lz | (tz << 6) | ((uint32_t)us << 12) | ((uint32_t)(uint8_t)ss << 20)) ^ rot;
}
