// Issue 17: two loops starting on one source line are two loops (own names, own pragmas).
#include <stdint.h>

uint32_t two_loops_one_line(const uint32_t a[8], uint32_t b[8]) {
  uint32_t s = 0;
  for (int i = 0; i < 8; i++) s += a[i]; for (int j = 0; j < 8; j++) {
#pragma HLS PIPELINE II=1
    b[j] = a[j] + 1;
  }
  return s;
}
