// A directive naming a variable that does not exist in the function.
// expect: 6:1: unknown variable && buf
#include <stdint.h>

uint32_t top(const uint32_t a[8]) {
#pragma HLS ARRAY_PARTITION variable=buf complete
  uint32_t sum = 0;
  for (int i = 0; i < 8; i++) sum += a[i];
  return sum;
}
