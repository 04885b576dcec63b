// A misspelt directive is an error, with a suggestion.
// expect: 8:1: unknown directive && UNROLL
#include <stdint.h>

uint32_t top(const uint32_t a[8]) {
  uint32_t sum = 0;
  for (int i = 0; i < 8; i++) {
#pragma HLS UNROL
    sum += a[i];
  }
  return sum;
}
