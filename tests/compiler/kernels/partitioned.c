#include <stdint.h>
/* ARRAY_PARTITION complete on arguments: one port per element; a dynamic read becomes a mux */
void partitioned(const uint8_t a[4], uint8_t b[4], uint8_t sel) {
#pragma HLS ARRAY_PARTITION variable=a complete
#pragma HLS ARRAY_PARTITION variable=b complete
  for (int i = 0; i < 4; i++) {
#pragma HLS UNROLL
    b[i] = (uint8_t)(a[i] + a[(sel + i) & 3]);
  }
}
