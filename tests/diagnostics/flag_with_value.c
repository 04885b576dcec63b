// A bare-word option given a value is refused (it used to be read as "not given").
// expect: 8:1: option 'off' of pragma HLS PIPELINE takes no value
#include <stdint.h>

uint32_t top(const uint32_t a[8]) {
  uint32_t sum = 0;
  for (int i = 0; i < 8; i++) {
#pragma HLS PIPELINE off=true
    sum += a[i];
  }
  return sum;
}
