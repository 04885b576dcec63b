#include <stdint.h>
void top(uint8_t a[4], uint8_t b[4], int c) {
#pragma HLS ARRAY_PARTITION variable=a complete
  uint8_t *p = c ? a : b;
  p[c & 3] = (uint8_t)c;
}
