// Pointers must point into arrays or arguments; an integer address has no meaning in hardware.
// expect: 6:17: integer to pointer
#include <stdint.h>

uint32_t top(uintptr_t addr) {
  uint32_t *p = (uint32_t *)addr;
  return *p;
}
