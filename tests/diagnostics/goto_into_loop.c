// Jumping into the middle of a loop makes irreducible control flow.
// expect: 8:13: irreducible
#include <stdint.h>

uint32_t top(uint32_t x, int skip) {
  uint32_t acc = 0;
  int i = 0;
  if (skip) goto inside;
  for (i = 0; i < 8; i++) {
    acc += x;
  inside:
    acc ^= (uint32_t)i;
  }
  return acc;
}
