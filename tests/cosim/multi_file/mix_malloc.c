/* mix() with a heap buffer: refused where the call is, in this file. */
#include <stdlib.h>
#include "mix.h"

uint32_t mix(uint32_t x) {
  uint32_t *cell = malloc(sizeof *cell);
  *cell = x + 1u;
  return *cell;
}
