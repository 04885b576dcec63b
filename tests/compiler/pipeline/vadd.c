/* Vector add over ap_memory arrays, pipelined at II=1 (one port per array: one access per cycle). */
#include <stdint.h>

void vadd(const uint32_t a[64], const uint32_t b[64], uint32_t c[64]) {
  for (int i = 0; i < 64; i++) {
#pragma HLS PIPELINE II=1
    c[i] = a[i] + b[i];
  }
}
