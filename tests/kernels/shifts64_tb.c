#include "tb_check.h"
uint64_t shifts64(uint64_t x, int64_t s, uint32_t n);
int main(void) {
  for (int i = 0; i < 64; i++) {
    uint64_t x = tb_rand64();
    int64_t s = (int64_t)tb_rand64();
    uint32_t n = (uint32_t)i;
    uint64_t expected = x, lsr = x, asr = (uint64_t)s;
    for (uint32_t k = 0; k < n; k++) expected *= 2;
    for (uint32_t k = 0; k < 63 - n; k++) lsr /= 2;
    for (uint32_t k = 0; k < n; k++) asr = (asr >> 1) | (asr & 0x8000000000000000ull);
    tb_check("shifts64", i, shifts64(x, s, n), expected ^ lsr ^ asr);
  }
  return tb_finish("shifts64");
}
