// A double computed for a printf that is also kept in a global: floating point left after opt.
// expect: 12:18: floating-point
#include <stdio.h>
#include <stdint.h>

double last;

static double as_double(uint64_t x) { union { double d; uint64_t u; } t; t.u = x; last = t.d; return t.d; }

uint32_t top(uint32_t a) {
  uint64_t wide = (uint64_t)a << 20;
  printf("%f\n", as_double(wide));
  return a + 1;
}
