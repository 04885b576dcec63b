/* count(): a running total and the last value, each a global of this file. */
#include "counter.h"

uint32_t total;
static uint32_t last = 7;

uint32_t count(uint32_t x) {
  total += x ^ last;
  last = x;
  return total * 3u;
}
