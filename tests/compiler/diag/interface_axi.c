#include <stdint.h>
uint32_t top(uint32_t a) {
#pragma HLS INTERFACE mode=s_axilite port=a
  return a + 1;
}
