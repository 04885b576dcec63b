#include <stdint.h>
/* a small LUT ROM and a large block ROM */
static const uint8_t SMALL[16] = {7, 1, 9, 4, 12, 3, 0, 15, 2, 8, 6, 11, 5, 14, 10, 13};
#define BIG_N 1024
static const uint32_t BIG[BIG_N] = {
#include "big_table.inc"
};
uint32_t roms(uint32_t x) {
  uint32_t acc = 0;
  for (int i = 0; i < 4; i++) {
    acc += SMALL[(x >> (4 * i)) & 15] + BIG[(x + i) & (BIG_N - 1)];
  }
  return acc;
}
