/* A loop-carried dependence through memory: h[i] depends on h[i-1] read back from the same array. */
#include <stdint.h>

void prefix(uint32_t h[32]) {
  for (int i = 1; i < 32; i++) {
#pragma HLS PIPELINE II=1
    h[i] = h[i] + h[i - 1] * 3u;
  }
}
