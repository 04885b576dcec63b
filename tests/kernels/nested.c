#include <stdint.h>
/* Nested loops whose inner bound depends on the outer index and on an input. */
uint32_t nested(uint32_t n, uint32_t seed) {
  uint32_t acc = seed;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j <= i; j++) acc = acc * 31u + (i ^ j);
  return acc;
}
