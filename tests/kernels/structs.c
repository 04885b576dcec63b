#include <stdint.h>
/* Local structs and an array of structs (a tiny 2-register "machine"). */
struct pair {
  uint32_t lo;
  uint16_t hi;
};

uint32_t structs(uint32_t x, uint32_t y) {
  struct pair regs[4];
  for (int i = 0; i < 4; i++) {
    regs[i].lo = x + (uint32_t)i * y;
    regs[i].hi = (uint16_t)(y >> i);
  }
  struct pair acc = {0, 0};
  for (int i = 0; i < 4; i++) {
    acc.lo ^= regs[i].lo;
    acc.hi = (uint16_t)(acc.hi + regs[3 - i].hi);
  }
  return acc.lo + ((uint32_t)acc.hi << 16);
}
