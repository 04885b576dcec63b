#include <stdint.h>
/* UNROLL factor=2, a partitioned local array indexed at run time, a do-while loop */
uint32_t partial_unroll(uint32_t seed, uint8_t k) {
  uint16_t t[8];
#pragma HLS ARRAY_PARTITION variable=t complete
  for (int i = 0; i < 8; i++) t[i] = (uint16_t)(seed >> i) + (uint16_t)i;
  uint32_t acc = 0;
  for (int i = 0; i < 12; i++) {
#pragma HLS UNROLL factor=2
    t[(i * k) & 7] ^= (uint16_t)(acc + i);
    acc += t[(i + k) & 7];
  }
  int j = 0;
  do { acc = acc * 3 + t[j]; j += 3; } while (j < 8);
  return acc;
}
