#include <stdint.h>
/* Signed division and modulo (C rounds toward zero). */
int32_t sdiv16(int16_t a, int16_t b) {
  int16_t q = (int16_t)(a / b);
  int16_t r = (int16_t)(a % b);
  return ((int32_t)q << 16) | (uint16_t)r;
}
