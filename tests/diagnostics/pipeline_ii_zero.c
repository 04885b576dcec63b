// Issue 17: PIPELINE II=0 was silently taken as II=1; an initiation interval is at least 1.
// expect: 8:1: PIPELINE II must be a positive integer && '0'
#include <stdint.h>

uint32_t top(const uint32_t a[8]) {
  uint32_t sum = 0;
  for (int i = 0; i < 8; i++) {
#pragma HLS PIPELINE II=0
    sum += a[i];
  }
  return sum;
}
