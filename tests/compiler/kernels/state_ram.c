#include <stdint.h>
/* a block ROM (BIND_STORAGE impl=bram), a static RAM that keeps its contents between calls, stores under if/else */
static const uint8_t T[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
static uint32_t state[64] = {1, 2, 3};
uint32_t state_ram(uint8_t a, uint8_t b, uint32_t v) {
#pragma HLS BIND_STORAGE variable=T type=rom_1p impl=bram
  uint32_t x = T[a & 15] + T[b & 15] + T[(a + b) & 15];
  if (v & 1) state[a & 63] += v;
  else state[b & 63] ^= x;
  return x + state[a & 63] + state[b & 63];
}
