#include <stdint.h>
uint32_t top(uint32_t a) {
#pragma HLS UNROLL
  return a + 1;
}
