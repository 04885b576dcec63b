#include <stdint.h>
/* Signed 16-bit arithmetic: multiply, subtract, arithmetic shift right, truncation to 16 bits. */
int16_t arith16s(int16_t a, int16_t b) {
  int32_t t = (int32_t)a * 3 - b;
  return (int16_t)(t >> 2);
}
