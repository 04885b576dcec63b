#include <stdint.h>
/* Fibonacci numbers modulo 2^64 with a loop-carried 64-bit pair. */
uint64_t fib64(uint32_t n) {
  uint64_t a = 0, b = 1;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t t = a + b;
    a = b;
    b = t;
  }
  return a;
}
