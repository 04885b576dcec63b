#include <stdint.h>
/* Saturating signed 8-bit addition. */
int8_t sat_add8(int8_t a, int8_t b) {
  int16_t s = (int16_t)a + b;
  if (s > 127) return 127;
  if (s < -128) return -128;
  return (int8_t)s;
}
