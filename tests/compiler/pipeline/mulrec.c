/* A scalar recurrence longer than one cycle: s = s * a[i] + i (32-bit multiply, then add). */
#include <stdint.h>

uint32_t mulrec(const uint32_t a[16]) {
  uint32_t s = 1;
  for (int i = 0; i < 16; i++) {
#pragma HLS PIPELINE II=1
    s = s * a[i] + (uint32_t)i;
  }
  return s;
}
