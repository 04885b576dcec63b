#include <stdint.h>
void top(uint8_t b[4], uint8_t i, uint8_t v) {
#pragma HLS ARRAY_PARTITION variable=b complete
  b[i & 3] = v;
}
