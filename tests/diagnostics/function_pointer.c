// Indirect calls cannot be bound to a fixed datapath.
// expect: 10:10: function pointer
#include <stdint.h>

static uint32_t add1(uint32_t x) { return x + 1; }
static uint32_t sub1(uint32_t x) { return x - 1; }

uint32_t top(uint32_t x, int sel) {
  uint32_t (*f)(uint32_t) = sel ? add1 : sub1;
  return f(x);
}
