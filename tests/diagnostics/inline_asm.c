// Inline assembly has no hardware meaning.
// expect: 7:3: inline assembly
#include <stdint.h>

uint32_t top(uint32_t x) {
  uint32_t y = x;
  __asm__ volatile("" : "+r"(y));
  return y + 1;
}
