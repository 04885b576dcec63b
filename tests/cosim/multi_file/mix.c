/* The second translation unit: three rounds of rotate-left-7 and add, with a static helper named as
   top.c's. */
#include "mix.h"

static uint32_t step(uint32_t x) { return (x << 7) | (x >> 25); }

uint32_t mix(uint32_t x) {
  uint32_t y = x;
  for (int r = 0; r < 3; r++)
    y = step(y) + 0x9e3779b9u;
  return y;
}
