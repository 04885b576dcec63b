// Issue 17: PIPELINE II=abc ended in a Python traceback; it is a located error with a hint.
// expect: 7:1: PIPELINE II must be an integer && abc
#include <stdint.h>

uint32_t top(const uint32_t a[8]) {
  uint32_t sum = 0;
#pragma HLS PIPELINE II=abc
  for (int i = 0; i < 8; i++) sum += a[i];
  return sum;
}
