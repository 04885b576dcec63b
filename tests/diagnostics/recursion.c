// Recursion cannot become hardware: the call graph must be acyclic.
// expect: 7:14: recursion
#include <stdint.h>

static uint32_t fact(uint32_t n) {
  if (n < 2) return 1;
  return n * fact(n - 1);
}

uint32_t top(uint32_t n) { return fact(n); }
