// Memories need a size known at compile time.
// expect: 7:3: variable-length array
#include <stdint.h>

uint32_t top(uint32_t n) {
  uint32_t sum = 0;
  uint32_t buf[n];
  for (uint32_t i = 0; i < n; i++) buf[i] = i;
  for (uint32_t i = 0; i < n; i++) sum += buf[i];
  return sum;
}
