#include "tb_check.h"
uint32_t rotl32(uint32_t x, uint32_t n);
int main(void) {
  for (int i = 0; i < 64; i++) {
    uint32_t x = tb_rand32(), n = (uint32_t)i;
    uint32_t left = x, right = x;
    for (uint32_t k = 0; k < (n & 31); k++) {
      left = (left << 1) | (left >> 31);
      right = (right >> 1) | (right << 31);
    }
    tb_check("rotl32", i, rotl32(x, n), left ^ (right + 1));
  }
  return tb_finish("rotl32");
}
